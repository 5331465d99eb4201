import { AGENCY } from "@agency/domain";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { CheckIcon } from "../../components/icons/index";
import { cn } from "../../lib/cn";

export const ABOUT_TABS = ["story", "mission", "why"] as const;
export type AboutTab = (typeof ABOUT_TABS)[number];

const TAB_LABELS: Record<AboutTab, string> = {
  story: "Our Story",
  mission: "Our Mission",
  why: "Why Choose Us",
};

interface AboutTabsProps {
  selected: AboutTab;
  onSelect: (tab: AboutTab) => void;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: Left and Right arrows move to the
 * previous and next tab (wrapping), Home and End to the first and last; only the selected
 * tab is in the Tab order. Every panel is in the prerendered HTML; unselected ones are
 * `hidden`.
 */
export function AboutTabs({ selected, onSelect }: AboutTabsProps) {
  const tabRefs = useRef<Partial<Record<AboutTab, HTMLButtonElement | null>>>({});

  function selectAndFocus(tab: AboutTab) {
    onSelect(tab);
    tabRefs.current[tab]?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = ABOUT_TABS.indexOf(selected);
    const last = ABOUT_TABS.length - 1;
    const nextIndex = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    selectAndFocus(ABOUT_TABS[nextIndex] ?? selected);
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label="About our agency"
        onKeyDown={handleKeyDown}
        className="flex justify-center gap-1 rounded-2xl bg-white p-1.5 shadow-sm ring-1 ring-slate-200 sm:inline-flex sm:gap-2 sm:p-2"
      >
        {ABOUT_TABS.map((tab) => {
          const isSelected = tab === selected;
          return (
            <button
              key={tab}
              ref={(element) => {
                tabRefs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={`about-tab-${tab}`}
              aria-selected={isSelected}
              aria-controls={`about-panel-${tab}`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab)}
              className={cn(
                "min-h-11 flex-1 cursor-pointer rounded-xl px-2 py-2 text-sm font-semibold whitespace-nowrap transition-colors sm:flex-none sm:px-6 sm:text-base",
                isSelected ? "bg-navy-900 text-white" : "text-navy-900 hover:bg-brand-50",
              )}
            >
              {TAB_LABELS[tab]}
            </button>
          );
        })}
      </div>
      {ABOUT_TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={`about-panel-${tab}`}
          aria-labelledby={`about-tab-${tab}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes a panel without focusable content focusable, so keyboard users reach it after the tab list
          tabIndex={0}
          hidden={tab !== selected}
          className="mt-8 rounded-2xl bg-white p-6 text-left shadow-sm ring-1 ring-slate-200 sm:p-10"
        >
          {PANELS[tab]}
        </div>
      ))}
    </div>
  );
}

function PanelHeading({ children }: { children: ReactNode }) {
  return <h3 className="text-2xl font-bold text-navy-900">{children}</h3>;
}

function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-6 grid gap-3 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** "An A+ rated agency with a 5.0 client rating", as far as the profile states those figures. */
function ratingsLine(): string[] {
  const { businessRating, clientRating } = AGENCY.figures;
  if (businessRating && clientRating) {
    return [`An ${businessRating.value} rated agency with a ${clientRating.value} client rating`];
  }
  if (businessRating) return [`An ${businessRating.value} rated agency`];
  if (clientRating) return [`A ${clientRating.value} client rating`];
  return [];
}

/** Evening and weekend hours are claimed only when the profile's opening hours hold them. */
function openHoursLine(): string[] {
  const hours = AGENCY.openingHours;
  const weekends = hours.some(({ day }) => day === "Saturday" || day === "Sunday");
  const latest =
    hours
      .map(({ closes }) => closes)
      .sort()
      .at(-1) ?? "00:00";
  const [hour = 0, minute = 0] = latest.split(":").map(Number);
  const until = `until ${hour % 12 || 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
  const evenings = latest > "18:00";
  if (evenings && weekends) return [`Evening and weekend hours (${until})`];
  if (evenings) return [`Evening hours (${until})`];
  if (weekends) return ["Weekend hours"];
  return [];
}

const PANELS: Record<AboutTab, ReactNode> = {
  story: (
    <div className="space-y-4 text-lg leading-relaxed text-slate-700">
      <PanelHeading>An independent agency, on purpose</PanelHeading>
      <p>
        {AGENCY.name} is an agency in {AGENCY.address.city}, licensed in {AGENCY.licensedInNames}.
        We chose to be independent rather than sell for a single insurance company, because the
        carrier that is best for one family's cars or one contractor's crew is rarely best for
        everyone.
      </p>
      <p>
        That choice shapes how we work. When you ask for a quote we compare several carriers side by
        side, explain what each policy does and does not cover, and tell you why we would pick one
        over another. When a renewal price jumps, we shop it again. When a hailstorm comes through,
        we are the people you call.
      </p>
      <p>
        Our clients are neighbors across the {AGENCY.region} area and greater {AGENCY.stateName}:
        first-time drivers and retirees, condo owners and lake-cabin families, landscapers,
        restaurants and small offices.
      </p>
    </div>
  ),
  mission: (
    <div className="space-y-4 text-lg leading-relaxed text-slate-700">
      <PanelHeading>
        {`Help our neighbors across ${AGENCY.stateName} insure what matters, with confidence`}
      </PanelHeading>
      <p>
        Our mission is to give every client clear, honest advice and the right coverage at a fair
        price, and to stand beside them when they need to use it.
      </p>
      <Checklist
        items={[
          "Explain every option in plain language, not insurance jargon",
          "Put your interests ahead of any one carrier's",
          "Reply to every message within 24 hours",
          "Review your coverage as your life or business changes",
          "Help you through every claim, from the first call to the final payment",
          "Protect your personal information as carefully as our own",
        ]}
      />
    </div>
  ),
  why: (
    <div className="space-y-4 text-lg leading-relaxed text-slate-700">
      <PanelHeading>What working with us looks like</PanelHeading>
      <p>
        You get the choice of an independent agency and the attention of a local one, from the same
        licensed agent every time you call.
      </p>
      <Checklist
        items={[
          "Independent: quotes from multiple carriers, not just one",
          `Licensed and insured ${AGENCY.stateName} agents`,
          ...ratingsLine(),
          `Local knowledge of ${AGENCY.stateName} insurance rules, winters and hail seasons`,
          ...openHoursLine(),
          "Bundles that combine auto with home, renters or condo coverage",
        ]}
      />
    </div>
  ),
};
