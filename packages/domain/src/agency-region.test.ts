import { describe, expect, it } from "vitest";
import { AGENCY } from "./agency.ts";
import { type AgencyProfileInput, findAgencyProfileProblems } from "./agency-profile.ts";
import { deriveAgency, listOfNames, STATE_REGULATORS_URL } from "./derive-agency.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);

/** A small valid profile in Oregon, with no region and no regulator. */
function profile(): AgencyProfileInput {
  return {
    name: "Harbor Point Insurance",
    legalName: "Harbor Point Insurance, Inc.",
    shortName: "Harbor Point",
    licenseNumber: "TEST-1",
    siteUrl: "https://www.harborpoint.example/",
    phone: "503.555.0199",
    fax: "503.555.0198",
    email: "hello@harborpoint.example",
    address: { street: "10 Dock St", city: "Portland", state: "OR", zip: "97201" },
    coordinates: { lat: 45.5, lng: -122.6 },
    timeZone: "America/Chicago",
    areaServed: ["Portland", "Vancouver"],
    licensedIn: ["OR", "WA"],
    openingHours: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => ({
      day: day as "Monday",
      opens: "08:00",
      closes: "18:00",
    })),
    hoursNote: "Pacific Time.",
    socialLinks: [],
    stats: [],
    office: {
      name: "Portland Office",
      description: "By the river.",
      features: [],
      specialties: [],
    },
    brand: { primary: "#0b5d3b", primaryHover: "#084a2f", dark: "#102a43" },
    logo: "logo.png",
    team: [],
    carriers: [],
    reviews: [],
  };
}

const check = (json: unknown) => findAgencyProfileProblems(json, () => PNG);

describe("the region a profile serves", () => {
  it("reads as today with the sample profile", () => {
    expect(AGENCY.stateName).toBe("Minnesota");
    expect(AGENCY.region).toBe("Minneapolis–St. Paul");
    expect(AGENCY.licensedIn).toEqual(["MN"]);
    expect(AGENCY.licensedInNames).toBe("Minnesota");
    expect(AGENCY.regulator).toEqual({
      name: "Minnesota Department of Commerce",
      url: "https://mn.gov/commerce/",
    });
  });

  it("falls back to the first place served and the state's regulator by name", () => {
    const { profile: parsed, problems } = check(profile());
    expect(problems).toEqual([]);
    if (parsed === undefined) throw new Error("the profile is valid");
    const agency = deriveAgency(parsed);
    expect(agency.region).toBe("Portland");
    expect(agency.stateName).toBe("Oregon");
    expect(agency.licensedInNames).toBe("Oregon and Washington");
    expect(agency.regulator).toEqual({
      name: "Oregon insurance regulator",
      url: STATE_REGULATORS_URL,
    });
  });

  it("takes the region and regulator the profile names", () => {
    const named = check({
      ...profile(),
      region: "Greater Portland",
      regulator: {
        name: "Oregon Division of Financial Regulation",
        url: "https://dfr.oregon.gov/",
      },
    });
    if (named.profile === undefined) throw new Error(named.problems.join("\n"));
    const agency = deriveAgency(named.profile);
    expect(agency.region).toBe("Greater Portland");
    expect(agency.regulator.name).toBe("Oregon Division of Financial Regulation");
  });

  it("refuses a state code that is no state, a state named twice and a regulator without https", () => {
    expect(
      check({
        ...profile(),
        address: { ...profile().address, state: "XX" },
        licensedIn: ["OR", "OR"],
        regulator: { name: "Someone", url: "http://example.com" },
      }).problems,
    ).toEqual([
      'agency.json: address.state: "XX" is not one of the 50 states\' codes',
      "agency.json: licensedIn: names a state twice",
      'agency.json: regulator.url: "http://example.com" is not a well-formed https:// URL',
    ]);
  });

  it("lists names as a sentence says them", () => {
    expect(listOfNames([])).toBe("");
    expect(listOfNames(["Minnesota"])).toBe("Minnesota");
    expect(listOfNames(["Iowa", "Minnesota"])).toBe("Iowa and Minnesota");
    expect(listOfNames(["Iowa", "Minnesota", "Wisconsin"])).toBe("Iowa, Minnesota and Wisconsin");
  });
});
