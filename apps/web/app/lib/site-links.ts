/** The site's link structure, shared by the navigation bar and the footer. */

export interface SiteLink {
  label: string;
  to: string;
  /** A nested group shown under this entry (the Commercial Insurance submenu). */
  children?: SiteLink[];
}

export interface SiteMenu {
  /** Stable id, used for element ids. */
  id: string;
  label: string;
  /** When set, the menu's label is itself a link (Our Products). */
  to?: string;
  items: SiteLink[];
}

export type NavigationEntry = ({ kind: "link" } & SiteLink) | ({ kind: "menu" } & SiteMenu);

export const loginPath = "/api/auth/login";

export const primaryNavigation: NavigationEntry[] = [
  { kind: "link", label: "Home", to: "/" },
  {
    kind: "menu",
    id: "products",
    label: "Our Products",
    to: "/our-products",
    items: [
      { label: "Auto Insurance", to: "/our-products#auto-insurance" },
      { label: "Home Insurance", to: "/our-products#home-insurance" },
      {
        label: "Commercial Insurance",
        to: "/our-products#commercial-insurance",
        children: [
          {
            label: "Commercial General Liability",
            to: "/our-products#commercial-general-liability",
          },
          { label: "Property Insurance", to: "/our-products#property-insurance" },
        ],
      },
    ],
  },
  {
    kind: "menu",
    id: "quote",
    label: "Quote",
    items: [{ label: "Get Auto Quote", to: "/get-quote-today" }],
  },
  {
    kind: "menu",
    id: "about",
    label: "About Us",
    items: [
      { label: "Our Team", to: "/about-us#our-team" },
      { label: "Our Mission", to: "/about-us#our-mission" },
    ],
  },
  {
    kind: "menu",
    id: "location",
    label: "Location",
    items: [
      { label: "Our Location", to: "/location/our-locations" },
      { label: "Office Hours", to: "/office-open-hours" },
    ],
  },
  { kind: "link", label: "Contact Us", to: "/contact-us" },
  // Not in the spec's bar: the clients' own entry, after its items (decision 0076).
  { kind: "link", label: "Client Center", to: "/client-center" },
];

export const footerProductLinks: SiteLink[] = [
  { label: "All Products", to: "/our-products" },
  { label: "Auto Insurance", to: "/our-products#auto-insurance" },
  { label: "Home Insurance", to: "/our-products#home-insurance" },
  { label: "Property Insurance", to: "/our-products#property-insurance" },
  { label: "Commercial Insurance", to: "/our-products#commercial-insurance" },
];

export const footerAgencyLinks: SiteLink[] = [
  { label: "Get a Free Quote", to: "/get-quote-today" },
  { label: "About Us", to: "/about-us" },
  { label: "Contact Us", to: "/contact-us" },
  { label: "Client Center", to: "/client-center" },
  { label: "Our Location", to: "/location/our-locations" },
  { label: "Office Hours", to: "/office-open-hours" },
];

export const footerLegalLinks: SiteLink[] = [
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms of Service", to: "/terms" },
  { label: "Accessibility", to: "/accessibility" },
];
