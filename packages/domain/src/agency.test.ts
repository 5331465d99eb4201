import { describe, expect, it } from "vitest";
import { AGENCY } from "./agency.ts";
import { formatPhone, phoneDigits } from "./phone.ts";
import { AGENCY_TIME_ZONE } from "./time-zone.ts";

describe("AGENCY", () => {
  it("has one consistent phone number in every form", () => {
    expect(AGENCY.phone).toBe("(612) 555-0147");
    expect(formatPhone(AGENCY.phone)).toBe(AGENCY.phone);
    expect(AGENCY.phoneE164).toBe(`+1${phoneDigits(AGENCY.phone)}`);
    expect(AGENCY.phoneHref).toBe(`tel:${AGENCY.phoneE164}`);
    expect(formatPhone(AGENCY.fax)).toBe(AGENCY.fax);
  });

  it("has the Minneapolis address and map position", () => {
    expect(AGENCY.address).toMatchObject({
      street: "2401 Lyndale Ave S, Suite 200",
      city: "Minneapolis",
      state: "MN",
      zip: "55405",
    });
    expect(AGENCY.address.singleLine).toBe("2401 Lyndale Ave S, Suite 200, Minneapolis, MN 55405");
    expect(AGENCY.coordinates).toEqual({ lat: 44.9606, lng: -93.2886 });
    expect(AGENCY.directionsUrl).toContain(encodeURIComponent(AGENCY.address.singleLine));
    expect(AGENCY.timeZone).toBe(AGENCY_TIME_ZONE);
  });

  it("keeps the email and site on one domain", () => {
    expect(AGENCY.email).toBe("info@northlakesinsurance.com");
    expect(AGENCY.emailHref).toBe(`mailto:${AGENCY.email}`);
    expect(AGENCY.siteUrl).toBe("https://www.northlakesinsurance.com");
  });

  it("opens weekdays 9:00-19:30 and weekends 13:00-20:00 (decision 0004)", () => {
    expect(
      AGENCY.openingHours.map(({ day, opens, closes }) => `${day} ${opens}-${closes}`),
    ).toEqual([
      "Monday 09:00-19:30",
      "Tuesday 09:00-19:30",
      "Wednesday 09:00-19:30",
      "Thursday 09:00-19:30",
      "Friday 09:00-19:30",
      "Saturday 13:00-20:00",
      "Sunday 13:00-20:00",
    ]);
    expect(AGENCY.hoursDisplay).toEqual([
      { days: "Monday - Friday", hours: "9:00 AM - 7:30 PM" },
      { days: "Saturday - Sunday", hours: "1:00 PM - 8:00 PM" },
    ]);
    // Derived from the hours in one compact form (decision 0054); the spec typed "1:00 PM-8:00 PM".
    // The spec's phone hours, written as the spec writes them (the profile's phoneHours).
    expect(AGENCY.phoneHoursDisplay).toEqual(["Mon-Fri 9AM-7:30PM", "Sat-Sun 1:00 PM-8:00 PM"]);
  });

  it("shows the marketing stats and three social links", () => {
    expect(AGENCY.stats.map((stat) => stat.value)).toEqual(["1000+", "A+", "5.0", "100%"]);
    expect(AGENCY.socialLinks.map((link) => link.network)).toEqual([
      "Facebook",
      "Instagram",
      "LinkedIn",
    ]);
    for (const link of AGENCY.socialLinks) expect(link.url).toMatch(/^https:\/\//);
  });

  it("describes the office with features and specialties", () => {
    expect(AGENCY.office.description.length).toBeGreaterThan(100);
    expect(AGENCY.office.features.length).toBeGreaterThan(0);
    expect(AGENCY.office.specialties.length).toBeGreaterThan(0);
    expect(AGENCY.areaServed).toEqual([
      "Minneapolis",
      "Saint Paul",
      "Twin Cities metro",
      "Minnesota",
    ]);
  });
});
