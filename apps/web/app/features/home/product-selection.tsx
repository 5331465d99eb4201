import { AGENCY } from "@agency/domain";
import { Link } from "react-router";
import { ButtonLink } from "../../components/button-link";
import { ArrowRightIcon, type IconName, InfoIcon, iconBefore } from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { cn } from "../../lib/cn";
import { requestScrollOnArrival, SCROLL_TO_CONTACT_FORM_KEY } from "../../lib/session-flags";
import { ActionRow } from "./action-row";
import { type OpenQuote, QuoteDialogLauncher } from "./quote-dialog-launcher";
import { SectionHeader } from "./section-header";

interface ProductChoice {
  title: string;
  badge?: string;
  icon: IconName;
  description: string;
  points: [string, string, string];
  to: "/contact-us" | "/get-quote-today";
  action: string;
  /**
   * What the info button leads to (decision 0039): the instant auto estimate where auto is
   * part of the cover, otherwise the product's section on Our Products.
   */
  info: { kind: "estimate" } | { kind: "details"; to: `/our-products#${string}` };
  /** A second paragraph, for the wider featured card. */
  note?: string;
  /** Tailwind classes for the icon tile. */
  tone: string;
  isFeatured?: boolean;
}

const CHOICES: ProductChoice[] = [
  {
    title: "Bundle & Save",
    badge: "BEST VALUE",
    icon: "home-layers",
    description:
      "Put your car on the same carrier as your home, renters or condo policy. Most carriers discount both policies, and you get one agent and one renewal date.",
    points: [
      "Auto plus home, renters or condo",
      "Multi-policy discounts on both",
      "Fewer bills to keep track of",
    ],
    to: "/contact-us",
    action: "Ask About Bundles",
    info: { kind: "estimate" },
    note: "Already insured elsewhere? Bring your current declarations pages and we will price a bundle against what you pay today.",
    tone: "bg-amber-100 text-amber-800",
    isFeatured: true,
  },
  {
    title: "Auto Insurance",
    badge: "POPULAR",
    icon: "home-car",
    description: `The liability coverage ${AGENCY.stateName} requires, no-fault (PIP) and uninsured motorist coverage, plus collision and comprehensive for hail and deer.`,
    points: ["Estimate online in minutes", "Safe-driver discounts", "Teen and multi-car policies"],
    to: "/get-quote-today",
    action: "Start Auto Quote",
    info: { kind: "estimate" },
    tone: "bg-blue-100 text-blue-800",
  },
  {
    title: "Property",
    badge: "TRUSTED",
    icon: "home-house",
    description:
      "Homes, condos, cabins and rentals insured at today's rebuilding cost, with sewer backup and ice dam options.",
    points: ["Replacement-cost coverage", "Belongings and liability", "Cabin and rental homes"],
    to: "/contact-us",
    action: "Protect My Property",
    info: { kind: "details", to: "/our-products#home-insurance" },
    tone: "bg-emerald-100 text-emerald-800",
  },
  {
    title: "Recreational",
    icon: "home-motorcycle",
    description:
      "Motorcycles, RVs and boats covered for the riding and lake season, with lay-up options while they sit in storage.",
    points: ["Motorcycle and ATV", "RV and travel trailer", "Boat and personal watercraft"],
    to: "/contact-us",
    action: "Cover My Toys",
    info: { kind: "details", to: "/our-products#motorcycle-atv-insurance" },
    tone: "bg-orange-100 text-orange-800",
  },
  {
    title: "Commercial",
    icon: "home-building",
    description:
      "General liability, commercial auto and workers compensation for local businesses, from one-truck contractors to offices.",
    points: ["Business owner's policies", "Workers compensation", "Commercial vehicles"],
    to: "/contact-us",
    action: "Insure My Business",
    info: { kind: "details", to: "/our-products#commercial-insurance" },
    tone: "bg-teal-100 text-teal-800",
  },
];

const infoButtonClass =
  "-m-1 flex size-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50";

const requestContactScroll = () => requestScrollOnArrival(SCROLL_TO_CONTACT_FORM_KEY);

export function ProductSelection() {
  return (
    <section aria-labelledby="product-selection-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <SectionHeader
          id="product-selection-heading"
          eyebrow="Choose your protection"
          title="Insurance for Every Part of Your Life"
        >
          Start with the coverage you need today. The info button on the auto and bundle cards gives
          you an instant auto estimate; on the others it shows what that coverage includes.
        </SectionHeader>

        <QuoteDialogLauncher>
          {(openQuote) => (
            <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {CHOICES.map((choice, index) => (
                <ProductChoiceCard
                  key={choice.title}
                  choice={choice}
                  index={index}
                  onOpenQuote={openQuote}
                />
              ))}
            </ul>
          )}
        </QuoteDialogLauncher>

        <Reveal className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="text-lg text-slate-700">
            Not sure which coverage fits? An agent can compare your options with you.
          </p>
          <ActionRow isCentered>
            <ButtonLink to="/contact-us" onClick={requestContactScroll}>
              Speak with Agent
            </ButtonLink>
            <ButtonLink to="/get-quote-today" variant="secondary">
              Compare Plans
            </ButtonLink>
          </ActionRow>
        </Reveal>
      </div>
    </section>
  );
}

function ProductChoiceCard({
  choice,
  index,
  onOpenQuote,
}: {
  choice: ProductChoice;
  index: number;
  onOpenQuote: OpenQuote;
}) {
  const headingId = `product-choice-${index}`;
  return (
    <Reveal
      as="li"
      staggerIndex={index}
      staggerStepMs={150}
      className={cn(choice.isFeatured && "md:col-span-2")}
    >
      <article
        aria-labelledby={headingId}
        className={cn(
          "flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 sm:p-7",
          choice.isFeatured ? "ring-2 ring-amber-400" : "ring-slate-200",
        )}
      >
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className={cn(
              "flex size-12 shrink-0 items-center justify-center rounded-xl before:size-6",
              choice.tone,
              iconBefore(choice.icon),
            )}
          />
          <div className="min-w-0 flex-1">
            {choice.badge ? (
              <p className="inline-block rounded-full bg-navy-900 px-2.5 py-0.5 text-xs font-bold tracking-wide text-white">
                {choice.badge}
              </p>
            ) : null}
            <h3 id={headingId} className="mt-1 text-xl font-bold text-navy-900">
              {choice.title}
            </h3>
          </div>
          {choice.info.kind === "estimate" ? (
            <button
              type="button"
              onClick={() => onOpenQuote(choice.title)}
              aria-label={`Get an instant auto estimate for ${choice.title}`}
              title="Instant auto estimate"
              className={infoButtonClass}
            >
              <InfoIcon className="size-6" />
            </button>
          ) : (
            <Link
              to={choice.info.to}
              aria-label={`What ${choice.title} insurance covers`}
              title={`What ${choice.title} insurance covers`}
              className={infoButtonClass}
            >
              <InfoIcon className="size-6" />
            </Link>
          )}
        </div>
        <div className={cn("mt-4", choice.isFeatured && "md:grid md:grid-cols-2 md:gap-6")}>
          <div className="space-y-3 text-slate-700">
            <p>{choice.description}</p>
            {choice.note ? <p>{choice.note}</p> : null}
          </div>
          <ul
            className={cn(
              "mt-4 grid content-start gap-2 text-sm text-slate-700",
              choice.isFeatured && "rounded-xl bg-amber-50 p-4 md:mt-0 md:self-start",
            )}
          >
            {choice.points.map((point) => (
              <li
                key={point}
                className={`flex gap-2 ${iconBefore("home-check")} before:mt-0.5 before:size-4 before:bg-emerald-700`}
              >
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="mt-auto pt-6">
          <ButtonLink
            to={choice.to}
            variant={choice.isFeatured ? "primary" : "secondary"}
            onClick={choice.to === "/contact-us" ? requestContactScroll : undefined}
            className="w-full sm:w-auto"
          >
            {choice.action}
            <ArrowRightIcon className="size-4" />
          </ButtonLink>
        </div>
      </article>
    </Reveal>
  );
}
