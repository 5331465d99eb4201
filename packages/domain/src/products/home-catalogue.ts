import { AGENCY } from "../agency.ts";

/**
 * The home page's "Coverage Options" explorer. Icons are
 * names the web app maps to its own SVG components; gradients are CSS values.
 */
export const HOME_PRODUCTS = [
  {
    id: "auto",
    title: "Auto Insurance",
    shortTitle: "Auto",
    description: `Coverage built for ${AGENCY.stateName} roads, from winter fender-benders on the interstate to deer on a county highway.`,
    details: `${AGENCY.stateName} sets the coverage every car must carry, from liability to personal injury protection (no-fault) and uninsured motorist coverage where the law asks for them. We compare several carriers to find you those limits, plus collision and comprehensive for hail, theft and ice-storm damage, at a price that fits.`,
    icon: "car",
    gradient: "linear-gradient(135deg, #2563eb 0%, #1e3a8a 100%)",
    features: [
      "Collision Coverage",
      "Liability Protection",
      "Claims Support",
      "Roadside Assistance",
    ],
    savingsLabel: "Competitive rates",
    popular: true,
  },
  {
    id: "home",
    title: "Home & Property",
    shortTitle: "Property",
    description: `Protection for your house, condo or cabin and everything in it, through ${AGENCY.stateName}'s hail, wind and deep-freeze seasons.`,
    details:
      "We match your dwelling coverage to what it would cost to rebuild today, insure your belongings at replacement cost, and add liability protection for guests and neighbors. Ask about sewer backup and ice dam endorsements, the claims we see most after a hard winter.",
    icon: "home",
    gradient: "linear-gradient(135deg, #059669 0%, #065f46 100%)",
    features: [
      "Dwelling Protection",
      "Personal Property",
      "Liability Coverage",
      "Bundle Discounts",
    ],
    savingsLabel: "Bundle options available",
    popular: false,
  },
  {
    id: "motorcycle",
    title: "Motorcycle Insurance",
    shortTitle: "Motorcycle",
    description:
      "Ride the lake shores and the river roads with coverage made for bikes, not borrowed from a car policy.",
    details: `Policies cover custom parts and riding gear, pay for a tow and a hotel if a breakdown ends a trip far from home, and can be adjusted for ${AGENCY.stateName}'s riding season so you are not paying full price while the bike is in storage.`,
    icon: "motorcycle",
    gradient: "linear-gradient(135deg, #ea580c 0%, #9a3412 100%)",
    features: [
      "Accessory Protection",
      "Roadside Assistance",
      "Trip Interruption",
      "Custom Coverage",
    ],
    savingsLabel: "Flexible rates",
    popular: false,
  },
  {
    id: "rv",
    title: "RV Insurance",
    shortTitle: "RV",
    description:
      "For weekend campers and full-time travelers alike, from Itasca State Park to the Gulf Coast.",
    details:
      "Motorhomes and travel trailers need more than auto coverage. We add full-timer liability for people who live on the road, personal effects coverage for what you carry, emergency lodging and transport after an accident, and liability while you are parked at a campsite.",
    icon: "rv",
    gradient: "linear-gradient(135deg, #7c3aed 0%, #4c1d95 100%)",
    features: [
      "Full-Timer Options",
      "Personal Effects",
      "Emergency Expenses",
      "Vacation Liability",
    ],
    savingsLabel: "Tailored rates",
    popular: false,
  },
  {
    id: "commercial",
    title: "Commercial Insurance",
    shortTitle: "Business",
    description:
      "Insurance for local contractors, shops, restaurants and offices, sized to the business you run.",
    details:
      "We put general liability, commercial auto, workers compensation and professional liability together in one program, quoted across several carriers, and review it each year as you hire, add vehicles or take on larger contracts.",
    icon: "building",
    gradient: "linear-gradient(135deg, #0f766e 0%, #134e4a 100%)",
    features: ["General Liability", "Commercial Auto", "Workers Comp", "Professional Liability"],
    savingsLabel: "Enterprise pricing",
    popular: false,
  },
] as const;

export type HomeProduct = (typeof HOME_PRODUCTS)[number];
export type HomeProductId = HomeProduct["id"];
