import { AGENCY, MANIFEST_ICONS, type OpeningHours } from "@agency/domain";
import { OG_IMAGE } from "./meta";

/** "(612) 555-0148" → "+16125550148" (schema.org prefers international numbers). */
function toE164(usNumber: string): string {
  return `+1${usNumber.replace(/\D/g, "").slice(-10)}`;
}

/** Days that share opening and closing times become one specification. */
function groupOpeningHours(hours: readonly OpeningHours[]) {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  for (const { day, opens, closes } of hours) {
    const key = `${opens}-${closes}`;
    const group = groups.get(key) ?? { opens, closes, days: [] };
    group.days.push(day);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ opens, closes, days }) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: days,
    opens,
    closes,
  }));
}

/**
 * The agency as schema.org `InsuranceAgency` (a LocalBusiness), for search engines'
 * business panels. Everything comes from the agency profile, so it cannot disagree with
 * the pages.
 */
export function insuranceAgencyJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "InsuranceAgency",
    "@id": `${AGENCY.siteUrl}/#agency`,
    name: AGENCY.name,
    legalName: AGENCY.legalName,
    description: `Independent insurance agency licensed in ${AGENCY.licensedInNames}, comparing auto, home, renters, motorcycle, RV and business insurance from several carriers for the ${AGENCY.region} area.`,
    url: `${AGENCY.siteUrl}/`,
    image: OG_IMAGE.url,
    // The largest icon made from the profile's logo (a PNG whatever the logo's own format).
    logo: `${AGENCY.siteUrl}${MANIFEST_ICONS.at(-1)?.path}`,
    telephone: AGENCY.phoneE164,
    faxNumber: toE164(AGENCY.fax),
    email: AGENCY.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: AGENCY.address.street,
      addressLocality: AGENCY.address.city,
      addressRegion: AGENCY.address.state,
      postalCode: AGENCY.address.zip,
      addressCountry: AGENCY.address.country,
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: AGENCY.coordinates.lat,
      longitude: AGENCY.coordinates.lng,
    },
    openingHoursSpecification: groupOpeningHours(AGENCY.openingHours),
    areaServed: [...AGENCY.areaServed],
    sameAs: AGENCY.socialLinks.map((link) => link.url),
    // Quotes and consultations are free; premiums depend on the carrier and the cover.
    priceRange: "$$",
  };
}

/**
 * JSON for a `<script type="application/ld+json">` block. `<` is escaped so no value can
 * close the script element early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
