import { AGENCY, type FigureKind } from "@agency/domain";
import { useState } from "react";
import { ButtonLink } from "../../components/button-link";
import { ArrowRightIcon, type IconName, iconBefore } from "../../components/icons/index";
import { Reveal } from "../../components/reveal";
import { cn } from "../../lib/cn";
import { ActionRow } from "./action-row";
import { SectionHeader } from "./section-header";

interface Reason {
  icon: IconName;
  title: string;
  description: string;
  detail: string;
  /** Tailwind gradient stops for the icon tile and the accent bar. */
  gradient: string;
  /** Only the agency's own figures (the profile's stats); none when the profile has none. */
  stat?: { value: string; label: string } | undefined;
  benefits: [string, string, string];
}

/** A figure of the profile under this card's own label, or none when the profile has none. */
function figure(kind: FigureKind, label: string) {
  const stat = AGENCY.figures[kind];
  return stat && { value: stat.value, label };
}

const REASONS: Reason[] = [
  {
    icon: "dollar",
    title: "Competitive Pricing",
    description: "We shop your coverage with several carriers, so you don't have to.",
    detail:
      "As an independent agency we are not tied to one insurer. We put quotes side by side and show you where a higher deductible or a bundle actually saves money.",
    gradient: "from-emerald-600 to-teal-700",
    stat: { value: "Multiple", label: "Carriers compared" },
    benefits: [
      "Side-by-side quotes from several carriers",
      "Bundle, safe-driver and multi-car discounts",
      "A rate check before every renewal",
    ],
  },
  {
    icon: "home-users",
    title: "Personal Service",
    description: "One agent who knows you, your family and your policies.",
    detail:
      "You talk to the same licensed agent each time, not a call center. We remember the teenage driver, the new roof and the cabin up north, and keep your coverage in step.",
    gradient: "from-blue-600 to-indigo-700",
    stat: figure("clients", "Clients served"),
    benefits: [
      "A named agent for every household",
      "Answers in plain English",
      "Evening and weekend appointments",
    ],
  },
  {
    icon: "home-compass",
    title: "Expert Guidance",
    description: "Clear advice on limits, deductibles and the gaps most people miss.",
    detail:
      "No-fault (PIP), uninsured motorist limits, sewer backup and ice dam endorsements: we explain what each one pays for before you need it, not after a claim.",
    gradient: "from-violet-600 to-purple-700",
    stat: figure("clientRating", "Client rating"),
    benefits: [
      "No-fault (PIP) coverage explained",
      "Coverage gaps found before a claim",
      "Honest advice on deductibles",
    ],
  },
  {
    icon: "home-award",
    title: "Proven Excellence",
    description: AGENCY.figures.businessRating
      ? `An ${AGENCY.figures.businessRating.value} rating earned by how we treat clients year after year.`
      : "A reputation earned by how we treat clients year after year.",
    detail:
      "Our business bureau rating reflects how we handle questions, complaints and claims. We keep it by answering quickly and doing what we say we will do.",
    gradient: "from-amber-600 to-orange-700",
    stat: figure("businessRating", "Business rating"),
    benefits: [
      AGENCY.figures.businessRating
        ? `${AGENCY.figures.businessRating.value} business bureau rating`
        : "Complaints answered and put right",
      `Licensed and insured in ${AGENCY.licensedInNames}`,
      "Clients who refer friends and family",
    ],
  },
  {
    icon: "headset",
    title: "Dedicated Support",
    description: "Help with claims, changes and questions, whenever you need it.",
    detail:
      "After a deer strike on a county road or a burst pipe in January, call us first. We help you file the claim, chase the adjuster and keep you updated until it is paid.",
    gradient: "from-rose-600 to-pink-700",
    stat: figure("commitment", "Always on your side"),
    benefits: [
      "Claims help from the first call",
      "Policy changes handled for you",
      "Replies to messages within 24 hours",
    ],
  },
  {
    icon: "map-pin",
    title: "Local Expertise",
    description: `Our ${AGENCY.address.city} office knows ${AGENCY.stateName} roads, weather and law.`,
    detail:
      "We live through the same hailstorms, icy commutes and lake seasons as you. That local knowledge shapes the coverage we recommend for homes, cabins, boats and businesses.",
    gradient: "from-sky-600 to-cyan-700",
    stat: { value: AGENCY.address.city, label: "Local office" },
    benefits: [
      `Office in ${AGENCY.address.city}, serving the metro`,
      "Coverage for cabins, boats and snowmobiles",
      `Knowledge of ${AGENCY.stateName} insurance rules`,
    ],
  },
];

/**
 * Six reasons; the card under the pointer (or holding keyboard focus) is highlighted,
 * and the highlight clears when the pointer leaves.
 */
export function WhyChooseUsGrid() {
  const [highlighted, setHighlighted] = useState<number | null>(null);

  return (
    <section aria-labelledby="why-choose-us-heading" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <SectionHeader
          id="why-choose-us-heading"
          eyebrow={`Why ${AGENCY.shortName}`}
          title="Why Choose Us"
        >
          An independent agency gives you choice, advice and someone to call. Here is what that
          means in practice.
        </SectionHeader>

        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {REASONS.map((reason, index) => {
            const isHighlighted = highlighted === index;
            return (
              <Reveal as="li" key={reason.title} staggerIndex={index} staggerStepMs={150}>
                <article
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so keyboard users get the same highlight as pointer users
                  tabIndex={0}
                  aria-labelledby={`why-card-${index}`}
                  data-highlighted={isHighlighted}
                  onMouseEnter={() => setHighlighted(index)}
                  onMouseLeave={() => setHighlighted(null)}
                  onFocus={() => setHighlighted(index)}
                  onBlur={() => setHighlighted(null)}
                  className={cn(
                    // The accent bar along the top is the card's own background image.
                    "relative flex h-full flex-col overflow-hidden rounded-2xl border bg-white bg-linear-to-r bg-no-repeat p-6 transition-all duration-300 motion-reduce:transition-none sm:p-7",
                    reason.gradient,
                    isHighlighted
                      ? "-translate-y-1 border-brand-600 bg-size-[100%_0.5rem] shadow-xl ring-1 ring-brand-600 motion-reduce:translate-y-0"
                      : "border-slate-200 bg-size-[100%_0.25rem] shadow-sm",
                  )}
                >
                  <div className="flex items-start justify-between gap-4">
                    <span
                      aria-hidden="true"
                      className={cn(
                        "flex size-12 items-center justify-center rounded-xl bg-linear-to-br before:size-6 before:bg-white",
                        reason.gradient,
                        iconBefore(reason.icon),
                      )}
                    />
                    {reason.stat && (
                      <p className="text-right">
                        <span className="block text-2xl leading-tight font-bold text-navy-900">
                          {reason.stat.value}
                        </span>
                        <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
                          {reason.stat.label}
                        </span>
                      </p>
                    )}
                  </div>
                  <h3 id={`why-card-${index}`} className="mt-5 text-xl font-bold text-navy-900">
                    {reason.title}
                  </h3>
                  <p className="mt-2 font-medium text-slate-800">{reason.description}</p>
                  <p className="mt-3 text-slate-600">{reason.detail}</p>
                  <ul className="mt-5 space-y-2 border-t border-slate-100 pt-5">
                    {reason.benefits.map((benefit) => (
                      <li
                        key={benefit}
                        className={`flex gap-2 text-sm text-slate-700 ${iconBefore("home-check")} before:mt-0.5 before:size-4 before:bg-emerald-700`}
                      >
                        {benefit}
                      </li>
                    ))}
                  </ul>
                </article>
              </Reveal>
            );
          })}
        </ul>

        <Reveal className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="max-w-2xl text-lg text-slate-700">
            See what an independent agency can do for you: a free quote takes a few minutes, and
            there is no obligation.
          </p>
          <ActionRow isCentered>
            <ButtonLink to="/get-quote-today">
              Get Quote
              <ArrowRightIcon className="size-4" />
            </ButtonLink>
            <ButtonLink to="/our-products" variant="secondary">
              Learn More
              <span className="sr-only"> about our products</span>
            </ButtonLink>
          </ActionRow>
        </Reveal>
      </div>
    </section>
  );
}
