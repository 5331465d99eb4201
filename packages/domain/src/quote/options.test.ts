import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENCY } from "../agency.ts";
import {
  DEDUCTIBLES,
  DRIVER_RELATIONSHIPS,
  INCIDENT_COUNTS,
  LIABILITY_LEVELS,
  LIABILITY_OPTIONS,
  liabilityLabel,
  MILEAGE_BANDS,
  mileageBandFor,
  OWNERSHIP_TYPES,
  PRIMARY_USES,
  QUOTE_ADDRESS_STATES,
  SAFETY_FEATURES,
  VEHICLE_BODY_TYPES,
  VEHICLE_MAKES,
  vehicleYears,
} from "./options.ts";
import { QUOTE_TYPE_VALUES, QUOTE_TYPES, quoteTypeHref } from "./quote-types.ts";

describe("quote options", () => {
  it("offers the profile's licensed states (the sample's: MN only) as the wizard's address states", () => {
    expect(QUOTE_ADDRESS_STATES).toEqual(AGENCY.licensedIn);
    expect(QUOTE_ADDRESS_STATES).toEqual(["MN"]);
  });

  it("offers model years from next year's down to 2000, by the agency's calendar", () => {
    const years = vehicleYears(new Date("2026-11-24T18:00:00Z"));
    expect(years[0]).toBe("2027");
    expect(years.at(-1)).toBe("2000");
    expect(years).toHaveLength(28);
    years.forEach((year, i) => {
      expect(year).toBe(String(2027 - i));
    });
    // New Year's Eve in Chicago is already 1 January in UTC: still the old year's list.
    expect(vehicleYears(new Date("2027-01-01T05:59:59Z"))[0]).toBe("2027");
    expect(vehicleYears(new Date("2027-01-01T06:00:00Z"))[0]).toBe("2028");
  });

  it("always offers whole years, newest first, ending at 2000 (property)", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2001-01-01"), max: new Date("2400-12-31"), noInvalidDate: true }),
        (now) => {
          const years = vehicleYears(now).map(Number);
          expect(years.at(-1)).toBe(2000);
          years.forEach((year, i) => {
            expect(year).toBe((years[0] as number) - i);
          });
        },
      ),
    );
  });

  it("offers the 20 makes of the spec", () => {
    expect(VEHICLE_MAKES).toHaveLength(20);
    expect(new Set(VEHICLE_MAKES).size).toBe(20);
    expect(VEHICLE_MAKES).toContain("Mercedes-Benz");
  });

  it("offers 10 body types as the model", () => {
    expect(VEHICLE_BODY_TYPES).toEqual([
      "Sedan",
      "SUV",
      "Truck",
      "Coupe",
      "Convertible",
      "Minivan",
      "Hatchback",
      "Wagon",
      "Electric",
      "Hybrid",
    ]);
  });

  it("stores the top mileage band as 16,000-19,999 and shows it as 16,000+", () => {
    expect(MILEAGE_BANDS.map(({ value, label }) => [value, label])).toEqual([
      ["0-3,999", "0-3,999"],
      ["4,000-7,999", "4,000-7,999"],
      ["8,000-11,999", "8,000-11,999"],
      ["12,000-15,999", "12,000-15,999"],
      ["16,000-19,999", "16,000+"],
    ]);
  });

  it.each([
    [0, "0-3,999"],
    [3999, "0-3,999"],
    [3999.9, "0-3,999"],
    [4000, "4,000-7,999"],
    [7999, "4,000-7,999"],
    [8000, "8,000-11,999"],
    [12000, "12,000-15,999"],
    [15999, "12,000-15,999"],
    [16000, "16,000-19,999"],
    [45000, "16,000-19,999"],
    [-1, undefined],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ])("mileageBandFor(%d) → %s", (miles, band) => {
    expect(mileageBandFor(miles)).toBe(band);
  });

  it("labels primary uses, ownership, relationships and incident counts", () => {
    expect(PRIMARY_USES).toEqual([
      { value: "personal", label: "Personal" },
      { value: "commute", label: "Commute to Work/School" },
      { value: "business", label: "Business" },
      { value: "rideshare", label: "Rideshare/Delivery" },
    ]);
    expect(OWNERSHIP_TYPES.map((type) => type.value)).toEqual(["owned", "leased", "financed"]);
    expect(DRIVER_RELATIONSHIPS.map((relationship) => relationship.value)).toEqual([
      "primary",
      "additional",
      "spouse",
      "child",
      "other",
    ]);
    expect(INCIDENT_COUNTS).toEqual([
      { value: "0", label: "0" },
      { value: "1", label: "1" },
      { value: "2", label: "2" },
      { value: "3", label: "3+" },
    ]);
  });

  it("lists the 8 safety features word for word", () => {
    expect(SAFETY_FEATURES).toEqual([
      "Anti-lock brakes",
      "Airbags",
      "Stability control",
      "Backup camera",
      "Blind spot monitoring",
      "Lane departure warning",
      "Adaptive cruise control",
      "Automatic emergency braking",
    ]);
  });

  it.each([
    ["state_minimum", "State Minimum"],
    ["25_50_25", "25/50/25"],
    ["50_100_50", "50/100/50"],
    ["100_300_100", "100/300/100"],
    ["250_500_250", "250/500/250"],
    ["500_1000_500", "500/1000/500"],
  ])("liability %s is shown as %s", (level, label) => {
    expect(liabilityLabel(level)).toBe(label);
    expect(LIABILITY_OPTIONS).toContainEqual({ value: level, label });
  });

  it("has 6 liability levels and 6 numeric deductibles", () => {
    expect(LIABILITY_LEVELS).toHaveLength(6);
    expect(DEDUCTIBLES).toEqual([250, 500, 750, 1000, 1500, 2000]);
  });
});

describe("quote types", () => {
  it("offers bundle, auto, property, recreational and commercial", () => {
    expect(QUOTE_TYPE_VALUES).toEqual(["bundle", "auto", "property", "recreational", "commercial"]);
  });

  it("sends auto to the quote form and everything else to the contact form", () => {
    expect(quoteTypeHref("auto")).toBe("/auto-quote-form");
    for (const type of ["bundle", "property", "recreational", "commercial"] as const) {
      expect(quoteTypeHref(type)).toBe("/contact-us");
    }
  });

  it("badges the bundle BEST VALUE and auto MOST POPULAR", () => {
    expect(QUOTE_TYPES.find((type) => type.value === "bundle")?.badge).toBe("BEST VALUE");
    expect(QUOTE_TYPES.find((type) => type.value === "auto")?.badge).toBe("MOST POPULAR");
  });
});
