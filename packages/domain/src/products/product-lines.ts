import { AGENCY } from "../agency.ts";

export const PRODUCT_CATEGORIES = [
  { value: "personal", label: "Personal Lines" },
  { value: "business", label: "Business Lines" },
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]["value"];

/** The /our-products cards; `anchor` is the element id the menus link to. */
export const PRODUCT_LINES = [
  {
    anchor: "auto-insurance",
    title: "Auto Insurance",
    category: "personal",
    description: `Liability, no-fault (PIP), collision and comprehensive coverage for ${AGENCY.stateName} drivers, compared across several carriers.`,
    features: [
      `${AGENCY.stateName} liability limits, and no-fault (PIP) where required`,
      "Collision and comprehensive for hail and theft",
      "Safe-driver and multi-car discounts",
    ],
  },
  {
    anchor: "home-insurance",
    title: "Home Insurance",
    category: "personal",
    description:
      "Homeowners and condo policies that rebuild your home and replace your belongings after fire, wind, hail or theft.",
    features: [
      "Replacement-cost dwelling coverage",
      "Sewer backup and ice dam endorsements",
      "Personal liability for guests",
    ],
  },
  {
    anchor: "commercial-insurance",
    title: "Commercial Insurance",
    category: "business",
    description:
      "Business owner's policies and commercial packages for local shops, offices, restaurants and contractors.",
    features: [
      "Building and business property",
      "Business interruption income",
      "Commercial auto for company vehicles",
    ],
  },
  {
    anchor: "motorcycle-atv-insurance",
    title: "Motorcycle/ATV Insurance",
    category: "personal",
    description: `Coverage for street bikes, cruisers, ATVs and side-by-sides, on the road and on ${AGENCY.stateName}'s trail systems.`,
    features: [
      "Custom parts and riding gear",
      "Lay-up pricing for the off season",
      "Roadside and trip interruption",
    ],
  },
  {
    anchor: "workers-compensation",
    title: "Workers Compensation",
    category: "business",
    description:
      "The coverage state law asks of most employers: medical bills and lost wages after a workplace injury.",
    features: [
      "Meets your state's employer requirement",
      "Pay-as-you-go premium options",
      "Return-to-work and safety support",
    ],
  },
  {
    anchor: "cyber-liability",
    title: "Cyber Liability",
    category: "business",
    description:
      "Help with the cost of a data breach or ransomware attack, from notifying customers to restoring your systems.",
    features: [
      "Breach response and customer notification",
      "Ransomware and business interruption",
      "Third-party privacy liability",
    ],
  },
  {
    anchor: "renters-insurance",
    title: "Renters Insurance",
    category: "personal",
    description:
      "Affordable coverage for your belongings and your liability in an apartment or rented home, often required by landlords.",
    features: [
      "Belongings covered at home and away",
      "Liability if a guest is injured",
      "Extra living costs after a covered loss",
    ],
  },
  {
    anchor: "commercial-general-liability",
    title: "General Liability",
    category: "business",
    description:
      "Protection when a customer is hurt at your business or your work damages someone else's property.",
    features: [
      "Bodily injury and property damage",
      "Products and completed operations",
      "Certificates of insurance the same day",
    ],
  },
] as const satisfies readonly {
  anchor: string;
  title: string;
  category: ProductCategory;
  description: string;
  features: readonly [string, string, string];
}[];

export type ProductLine = (typeof PRODUCT_LINES)[number];

export function productLinesIn(category: ProductCategory | "all"): readonly ProductLine[] {
  return category === "all"
    ? PRODUCT_LINES
    : PRODUCT_LINES.filter((product) => product.category === category);
}
