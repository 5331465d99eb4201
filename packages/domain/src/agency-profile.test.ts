import { describe, expect, it } from "vitest";
import {
  type AgencyProfileInput,
  contrastRatio,
  findAgencyProfileProblems,
  imageKindOf,
  WEEKDAYS,
} from "./agency-profile.ts";
import { deriveAgency } from "./derive-agency.ts";
import { hourlySlots } from "./test-support/appointment.ts";

/** The domain has no DOM or Node types: ASCII text as bytes by hand. */
const bytes = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const SVG = bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

/** A small valid profile; each test breaks one thing. */
function profile(): AgencyProfileInput {
  return {
    name: "Harbor Point Insurance",
    legalName: "Harbor Point Insurance, Inc.",
    shortName: "Harbor Point",
    licenseNumber: "TEST-1",
    siteUrl: "https://www.harborpoint.example/",
    phone: "503.555.0199",
    fax: "+1 503 555 0198",
    email: "hello@harborpoint.example",
    address: { street: "10 Dock St", city: "Portland", state: "OR", zip: "97201" },
    coordinates: { lat: 45.5, lng: -122.6 },
    timeZone: "America/Chicago",
    areaServed: ["Portland"],
    licensedIn: ["OR"],
    openingHours: [
      { day: "Tuesday", opens: "08:30", closes: "17:00" },
      { day: "Monday", opens: "08:30", closes: "17:00" },
      { day: "Wednesday", opens: "08:30", closes: "17:00" },
      { day: "Thursday", opens: "09:00", closes: "16:00" },
      { day: "Friday", opens: "09:00", closes: "16:00" },
      { day: "Saturday", opens: "10:00", closes: "12:00" },
    ],
    hoursNote: "Pacific Time.",
    bookingHours: { firstSlot: "09:00", lastSlot: "15:00" },
    socialLinks: [{ network: "Facebook", url: "https://www.facebook.com/harborpoint" }],
    stats: [],
    office: {
      name: "Portland Office",
      description: "By the river.",
      features: [],
      specialties: [],
    },
    brand: { primary: "#0b5d3b", primaryHover: "#084a2f", dark: "#102a43" },
    logo: "logo.svg",
    team: [{ name: "Ana P.", title: "Agent", photo: "ana.png" }],
    carriers: [
      {
        name: "Example Mutual",
        website: "https://example.com",
        claimsPhone: "800-555-0100",
        claimsUrl: "https://example.com/claims",
        paymentUrl: "https://example.com/pay",
      },
    ],
    reviews: [],
  };
}

const files: Record<string, Uint8Array> = { "logo.svg": SVG, "ana.png": PNG };
const check = (json: unknown, images = files) =>
  findAgencyProfileProblems(json, (name) => images[name]).problems;

describe("findAgencyProfileProblems", () => {
  it("accepts a valid profile", () => {
    expect(check(profile())).toEqual([]);
  });

  it.each([
    [
      "a phone that is not 10 digits",
      (p: AgencyProfileInput) => Object.assign(p, { phone: "(612) 555-014" }),
      'agency.json: phone: "(612) 555-014" is not a 10-digit US phone number',
    ],
    [
      "a carrier's claims phone",
      (p: AgencyProfileInput) => Object.assign(p.carriers[0] ?? {}, { claimsPhone: "911" }),
      'agency.json: carriers[0].claimsPhone: "911" is not a 10-digit US phone number',
    ],
    [
      "a URL that is not https",
      (p: AgencyProfileInput) => Object.assign(p, { siteUrl: "http://www.harborpoint.example" }),
      'agency.json: siteUrl: "http://www.harborpoint.example" is not a well-formed https:// URL',
    ],
    [
      "a malformed URL",
      (p: AgencyProfileInput) =>
        Object.assign(p.socialLinks[0] ?? {}, { url: "https://facebook com/x" }),
      'agency.json: socialLinks[0].url: "https://facebook com/x" is not a well-formed https:// URL',
    ],
    [
      "hours that close before they open",
      (p: AgencyProfileInput) =>
        Object.assign(p.openingHours[3] ?? {}, { opens: "12:00", closes: "10:00" }),
      "agency.json: openingHours[3].closes: closes at 10:00, not after it opens at 12:00",
    ],
    [
      "a brand color below AA contrast",
      (p: AgencyProfileInput) => Object.assign(p.brand, { primary: "#7fb3ff" }),
      "agency.json: brand.primary: #7fb3ff has a contrast of 2.14:1 against white; WCAG AA needs 4.5:1",
    ],
    [
      "a missing required key",
      (p: AgencyProfileInput) => {
        delete (p as Partial<AgencyProfileInput>).email;
      },
      "agency.json: email: must be an email address",
    ],
    [
      "a missing name",
      (p: AgencyProfileInput) => {
        delete (p as Partial<AgencyProfileInput>).name;
      },
      "agency.json: name: is required",
    ],
    [
      "a marketing figure of an unknown kind",
      (p: AgencyProfileInput) =>
        Object.assign(p, { stats: [{ kind: "awards", value: "3", label: "Awards" }] }),
      "agency.json: stats[0].kind: must be one of clients, businessRating, clientRating, commitment",
    ],
    [
      "a carrier named twice",
      (p: AgencyProfileInput) => {
        const carrier = {
          name: "Acme",
          website: "https://acme.example.com",
          claimsPhone: "(800) 555-0101",
          claimsUrl: "https://acme.example.com/claims",
          paymentUrl: "https://acme.example.com/pay",
        };
        Object.assign(p, { carriers: [carrier, { ...carrier }] });
      },
      "agency.json: carriers: names a carrier twice",
    ],
    [
      "a marketing figure named twice",
      (p: AgencyProfileInput) =>
        Object.assign(p, {
          stats: [
            { kind: "clients", value: "1000+", label: "Clients" },
            { kind: "clients", value: "900", label: "Households" },
          ],
        }),
      "agency.json: stats: names a kind twice",
    ],
    [
      "a last slot before the first",
      (p: AgencyProfileInput) =>
        Object.assign(p, { bookingHours: { firstSlot: "13:00", lastSlot: "10:00" } }),
      "agency.json: bookingHours.lastSlot: 10:00 is before firstSlot 13:00",
    ],
    [
      "slots that are not hourly",
      (p: AgencyProfileInput) =>
        Object.assign(p, { bookingHours: { firstSlot: "09:00", lastSlot: "12:30" } }),
      "agency.json: bookingHours.lastSlot: 12:30 is not a whole number of hours after firstSlot 09:00 (slots are hourly)",
    ],
    [
      "a first slot before the office opens",
      (p: AgencyProfileInput) =>
        Object.assign(p, { bookingHours: { firstSlot: "08:00", lastSlot: "12:00" } }),
      "agency.json: bookingHours.firstSlot: 08:00 is before the office opens (Monday 08:30, Tuesday 08:30, Wednesday 08:30, Thursday 09:00, Friday 09:00)",
    ],
    [
      "a last slot that ends after closing",
      (p: AgencyProfileInput) =>
        Object.assign(p, { bookingHours: { firstSlot: "09:00", lastSlot: "16:00" } }),
      "agency.json: bookingHours.lastSlot: the 16:00 slot ends at 17:00, after the office closes (Thursday 16:00, Friday 16:00)",
    ],
    [
      "a weekday the office does not open (appointments are Monday to Friday)",
      (p: AgencyProfileInput) =>
        Object.assign(p, { openingHours: p.openingHours.filter((h) => h.day !== "Friday") }),
      "agency.json: bookingHours.firstSlot: appointments are booked Monday to Friday, but openingHours has no Friday",
    ],
    [
      "booking hours that are not times",
      (p: AgencyProfileInput) =>
        Object.assign(p, { bookingHours: { firstSlot: "9am", lastSlot: "17:00" } }),
      'agency.json: bookingHours.firstSlot: must be a 24-hour time such as "09:00" or "19:30"',
    ],
    [
      "an unknown key (a typo)",
      (p: AgencyProfileInput) => Object.assign(p, { phoen: "x" }),
      'agency.json: Unrecognized key: "phoen"',
    ],
  ])("names the field for %s", (_, breakIt, message) => {
    const broken = profile();
    breakIt(broken);
    expect(check(broken)).toEqual([message]);
  });

  it("names an image that is missing or is not an image", () => {
    const text = bytes("just text");
    expect(check(profile(), { "logo.svg": text })).toEqual([
      'agency.json: logo: "logo.svg" is not a PNG, JPEG, WebP or SVG image',
      'agency.json: team[0].photo: "ana.png" is not in the profile folder',
    ]);
  });

  it("names an image whose content is not the type its name says", () => {
    expect(check(profile(), { "logo.svg": PNG, "ana.png": SVG })).toEqual([
      'agency.json: logo: "logo.svg" is a PNG image, not SVG as its name says',
      'agency.json: team[0].photo: "ana.png" is an SVG image, not PNG as its name says',
    ]);
    expect(check(profile(), { "logo.svg": SVG, "ana.png": PNG })).toEqual([]);
  });

  it("survives a profile that is not one at all", () => {
    expect(
      check({ openingHours: "always", bookingHours: { firstSlot: "09:00", lastSlot: "10:00" } })
        .length,
    ).toBeGreaterThan(5);
    expect(check({ openingHours: [null, 3], bookingHours: "9 to 5" }).length).toBeGreaterThan(5);
  });

  it("takes the spec's booking hours (09:00 to 17:00) when the profile has none, and checks them", () => {
    const without = profile();
    delete without.bookingHours;
    const parsed = findAgencyProfileProblems(without, (name) => files[name]).profile;
    expect(check(without)).toEqual([
      "agency.json: bookingHours.lastSlot: the 17:00 slot ends at 18:00, after the office closes (Monday 17:00, Tuesday 17:00, Wednesday 17:00, Thursday 16:00, Friday 16:00)",
    ]);
    const later = {
      ...without,
      openingHours: without.openingHours.map((day) => ({ ...day, closes: "19:00" })),
    };
    expect(findAgencyProfileProblems(later, (name) => files[name]).profile?.bookingHours).toEqual({
      firstSlot: "09:00",
      lastSlot: "17:00",
    });
    expect(parsed).toBeUndefined();
  });

  it("names booking hours that are not an object", () => {
    expect(check({ ...profile(), bookingHours: "9 to 5" })).toEqual([
      'agency.json: bookingHours: must be an object such as { "firstSlot": "09:00", "lastSlot": "17:00" }',
    ]);
  });

  it("lists every problem at once", () => {
    const broken = profile();
    Object.assign(broken, { phone: "123", siteUrl: "nope" });
    expect(check(broken)).toHaveLength(2);
  });
});

describe("imageKindOf", () => {
  it("reads the kind from the first bytes", () => {
    expect(imageKindOf(PNG)).toBe("png");
    expect(imageKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(imageKindOf(bytes("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(imageKindOf(SVG)).toBe("svg");
    expect(imageKindOf(bytes("<!-- x -->\n<svg viewBox='0 0 1 1'>"))).toBe("svg");
    expect(imageKindOf(bytes("<html><svg>"))).toBeUndefined();
    expect(imageKindOf(new Uint8Array())).toBeUndefined();
  });
});

describe("contrastRatio", () => {
  it("follows WCAG 2 (black on white is 21:1)", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrastRatio("#ffffff", "#ffffff")).toBe(1);
    expect(contrastRatio("#1d5bd8", "#ffffff")).toBeGreaterThan(4.5);
  });
});

describe("deriveAgency", () => {
  const parsed = findAgencyProfileProblems(profile(), (name) => files[name]).profile;
  if (!parsed) throw new Error("the test profile must be valid");
  const agency = deriveAgency(parsed);

  it("derives every phone form from the one typed", () => {
    expect(agency.phone).toBe("(503) 555-0199");
    expect(agency.phoneE164).toBe("+15035550199");
    expect(agency.phoneHref).toBe("tel:+15035550199");
    expect(agency.fax).toBe("(503) 555-0198");
    expect(agency.carriers[0]?.claimsPhone).toEqual({
      display: "(800) 555-0100",
      e164: "+18005550100",
      href: "tel:+18005550100",
    });
    expect(agency.carriers[0]?.customerServicePhone).toBeUndefined();
  });

  it("derives the address line, links and email link", () => {
    expect(agency.address.singleLine).toBe("10 Dock St, Portland, OR 97201");
    expect(agency.directionsUrl).toContain(encodeURIComponent("10 Dock St, Portland, OR 97201"));
    expect(agency.mapEmbedUrl).toMatch(/output=embed$/);
    expect(agency.emailHref).toBe("mailto:hello@harborpoint.example");
    expect(agency.siteUrl).toBe("https://www.harborpoint.example");
  });

  it("shows the hours in week order, grouping days in a row with the same hours", () => {
    expect(agency.openingHours.map((hours) => hours.day)).toEqual(WEEKDAYS.slice(0, 6));
    expect(agency.hoursDisplay).toEqual([
      { days: "Monday - Wednesday", hours: "8:30 AM - 5:00 PM" },
      { days: "Thursday - Friday", hours: "9:00 AM - 4:00 PM" },
      { days: "Saturday", hours: "10:00 AM - 12:00 PM" },
    ]);
    expect(agency.phoneHoursDisplay).toEqual([
      "Mon-Wed 8:30AM-5PM",
      "Thu-Fri 9AM-4PM",
      "Sat 10AM-12PM",
    ]);
  });

  it("writes the phone hours as the profile spells them, when it does", () => {
    const written = deriveAgency({ ...parsed, phoneHours: ["Weekdays 8:30 to 5"] });
    expect(written.phoneHoursDisplay).toEqual(["Weekdays 8:30 to 5"]);
    expect(written.hoursDisplay).toEqual(agency.hoursDisplay);
  });

  it("derives the hourly slots from the booking hours, as the API writes them", () => {
    expect(agency.bookingSlots).toEqual(hourlySlots(9, 15));
    expect(agency.bookingDayEnd).toBe("04:00 PM");
    const late = deriveAgency({
      ...parsed,
      bookingHours: { firstSlot: "10:30", lastSlot: "12:30" },
    });
    expect(late.bookingSlots).toEqual(["10:30 AM", "11:30 AM", "12:30 PM"]);
    expect(late.bookingDayEnd).toBe("01:30 PM");
  });

  it("finds each marketing figure by its kind, and none the profile leaves out", () => {
    const stated = deriveAgency({
      ...parsed,
      stats: [{ kind: "clientRating", value: "4.9", label: "Client Rating" }],
    });
    expect(stated.figures.clientRating).toEqual({
      kind: "clientRating",
      value: "4.9",
      label: "Client Rating",
    });
    expect(stated.figures.businessRating).toBeUndefined();
    expect(agency.figures).toEqual({});
  });

  it("carries the new sections through", () => {
    expect(agency.team[0]).toEqual({
      name: "Ana P.",
      title: "Agent",
      photo: "ana.png",
      languages: [],
    });
    expect(agency.brand.primary).toBe("#0b5d3b");
    expect(agency.logo).toBe("logo.svg");
    expect(agency.reviews).toEqual([]);
    expect(agency.isSample).toBe(false);
  });
});
