import { AGENCY } from "../agency.ts";

/** The "Find Your Perfect Coverage" chooser. Only auto has an online form. */
export const QUOTE_TYPES = [
  {
    value: "bundle",
    title: "Auto + Home Bundle",
    badge: "BEST VALUE",
    description:
      "Insure your car with your home, renters or condo policy and save on both with one agent and one renewal date.",
    href: "/contact-us",
  },
  {
    value: "auto",
    title: "Auto Insurance",
    badge: "MOST POPULAR",
    description: `Liability, collision and comprehensive coverage for ${AGENCY.stateName} drivers, with an estimate in minutes.`,
    href: "/auto-quote-form",
  },
  {
    value: "property",
    title: "Property Insurance",
    badge: undefined,
    description:
      "Homes, condos, cabins and rental properties protected against hail, wind, fire and frozen pipes.",
    href: "/contact-us",
  },
  {
    value: "recreational",
    title: "Recreational Vehicles",
    badge: undefined,
    description:
      "Motorcycles, boats, RVs and ATVs covered for the riding season and stored safely through winter.",
    href: "/contact-us",
  },
  {
    value: "commercial",
    title: "Commercial Insurance",
    badge: undefined,
    description:
      "General liability, commercial auto and workers compensation for local businesses.",
    href: "/contact-us",
  },
] as const;

export type QuoteType = (typeof QUOTE_TYPES)[number]["value"];
export const QUOTE_TYPE_VALUES: readonly QuoteType[] = QUOTE_TYPES.map((type) => type.value);

/** Where a choice leads: the auto form, or the contact form for everything else. */
export function quoteTypeHref(type: QuoteType): string {
  return QUOTE_TYPES.find((candidate) => candidate.value === type)?.href ?? "/contact-us";
}
