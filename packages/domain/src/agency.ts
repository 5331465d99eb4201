/**
 * The agency's public profile, the one place its contact details live.
 * SAMPLE DATA: the spec does not print the real name, address, phone numbers or links;
 * every concrete detail below (name, 555 numbers, street, URLs) is invented.
 */

export type Weekday =
  | "Monday"
  | "Tuesday"
  | "Wednesday"
  | "Thursday"
  | "Friday"
  | "Saturday"
  | "Sunday";

export interface OpeningHours {
  day: Weekday;
  /** 24-hour "HH:MM" on the agency's clock (America/Chicago). */
  opens: string;
  closes: string;
}

// Decision 0004: the spec's main reading (stated twice, and as phone hours) wins over the
// location card's "Monday-Sunday 9:00 AM - 7:30 PM".
const WEEKDAY_HOURS = { opens: "09:00", closes: "19:30" } as const;
const WEEKEND_HOURS = { opens: "13:00", closes: "20:00" } as const;

const street = "2401 Lyndale Ave S, Suite 200";
const city = "Minneapolis";
const state = "MN";
const zip = "55405";

export const AGENCY = {
  name: "North Lakes Insurance Agency",
  legalName: "North Lakes Insurance Agency, LLC",
  shortName: "North Lakes Insurance",
  siteUrl: "https://www.northlakesinsurance.com",
  phone: "(612) 555-0147",
  phoneE164: "+16125550147",
  phoneHref: "tel:+16125550147",
  fax: "(612) 555-0148",
  email: "info@northlakesinsurance.com",
  emailHref: "mailto:info@northlakesinsurance.com",
  address: {
    street,
    city,
    state,
    zip,
    country: "US",
    singleLine: `${street}, ${city}, ${state} ${zip}`,
  },
  coordinates: { lat: 44.9606, lng: -93.2886 },
  directionsUrl: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(
    `${street}, ${city}, ${state} ${zip}`,
  )}`,
  mapEmbedUrl: `https://www.google.com/maps?q=${encodeURIComponent(
    `${street}, ${city}, ${state} ${zip}`,
  )}&output=embed`,
  timeZone: "America/Chicago",
  areaServed: ["Minneapolis", "Saint Paul", "Twin Cities metro", "Minnesota"],
  licensedIn: ["MN"],
  openingHours: [
    { day: "Monday", ...WEEKDAY_HOURS },
    { day: "Tuesday", ...WEEKDAY_HOURS },
    { day: "Wednesday", ...WEEKDAY_HOURS },
    { day: "Thursday", ...WEEKDAY_HOURS },
    { day: "Friday", ...WEEKDAY_HOURS },
    { day: "Saturday", ...WEEKEND_HOURS },
    { day: "Sunday", ...WEEKEND_HOURS },
  ] satisfies readonly OpeningHours[],
  hoursDisplay: [
    { days: "Monday - Friday", hours: "9:00 AM - 7:30 PM" },
    { days: "Saturday - Sunday", hours: "1:00 PM - 8:00 PM" },
  ],
  phoneHoursDisplay: ["Mon-Fri 9AM-7:30PM", "Sat-Sun 1:00 PM-8:00 PM"],
  hoursNote: "Central Time. Holiday hours may vary.",
  socialLinks: [
    { network: "Facebook", url: "https://www.facebook.com/northlakesinsurance" },
    { network: "Instagram", url: "https://www.instagram.com/northlakesinsurance" },
    { network: "LinkedIn", url: "https://www.linkedin.com/company/north-lakes-insurance-agency" },
  ],
  stats: [
    { value: "1000+", label: "Happy Clients" },
    { value: "A+", label: "Rating" },
    { value: "5.0", label: "Client Rating" },
    { value: "100%", label: "Always" },
  ],
  office: {
    name: "Minneapolis Office",
    description:
      "Our office sits on Lyndale Avenue in the Lyn-Lake neighborhood, a few minutes from Uptown and downtown Minneapolis. Stop in to compare quotes from several carriers side by side, review a policy before renewal or get help with a claim, face to face with a licensed Minnesota agent.",
    features: [
      "Free customer parking behind the building",
      "Wheelchair-accessible entrance and elevator",
      "Open evenings and weekends",
      "Walk-ins welcome during office hours",
      "Metro Transit bus stop on Lyndale Avenue",
      "Private meeting rooms for policy reviews",
    ],
    specialties: [
      "Auto insurance for Minnesota drivers",
      "Home, condo and renters insurance",
      "Motorcycle, RV, boat and ATV coverage",
      "Commercial and general liability",
      "Workers compensation",
      "Auto, home and renters bundles",
    ],
  },
} as const;

export type Agency = typeof AGENCY;
