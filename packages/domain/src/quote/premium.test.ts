import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEDUCTIBLES, LIABILITY_LEVELS, SAFETY_FEATURES, vehicleYears } from "./options.ts";
import {
  estimateMonthlyPremium,
  formatMoney,
  formatQuoteAmount,
  type PremiumInput,
  QUOTE_DIALOG_DISCOUNTS,
  QUOTE_PAGE_DISCOUNTS,
  QUOTE_REVIEW_HOURS,
  QUOTE_SAVINGS_PERCENT,
  QUOTE_VALID_DAYS,
} from "./premium.ts";

type Counts = [accidents: string | number, violations: string | number];

function quote(
  year: string | number,
  features: number,
  drivers: Counts[],
  liability: string,
  deductible: string | number,
): PremiumInput {
  return {
    vehicleInfo: { year, safetyFeatures: SAFETY_FEATURES.slice(0, features) },
    drivers: drivers.map(([accidents, violations]) => ({ accidents, violations })),
    coverage: { liability, deductible },
  };
}

describe("estimateMonthlyPremium", () => {
  it.each([
    // year, features, drivers [accidents, violations], liability, deductible → premium
    ["base only", quote("2018", 0, [["0", "0"]], "state_minimum", 500), 100],
    ["2019 is after 2018: +50", quote("2019", 0, [["0", "0"]], "state_minimum", 500), 150],
    ["2024: +50", quote("2024", 0, [["0", "0"]], "state_minimum", 500), 150],
    ["2000: no surcharge", quote("2000", 0, [["0", "0"]], "state_minimum", 500), 100],
    ["3 features: no discount", quote("2018", 3, [["0", "0"]], "state_minimum", 500), 100],
    ["4 features: -20", quote("2018", 4, [["0", "0"]], "state_minimum", 500), 80],
    ["8 features: -20", quote("2018", 8, [["0", "0"]], "state_minimum", 500), 80],
    ["1 accident: +30", quote("2018", 0, [["1", "0"]], "state_minimum", 500), 130],
    ["2 violations: +40", quote("2018", 0, [["0", "2"]], "state_minimum", 500), 140],
    ['"3" (3+) counts 3: +90 +60', quote("2018", 0, [["3", "3"]], "state_minimum", 500), 250],
    [
      "two drivers add up",
      quote(
        "2018",
        0,
        [
          ["1", "1"],
          ["2", "0"],
        ],
        "state_minimum",
        500,
      ),
      210,
    ],
    ["100/300/100: +40", quote("2018", 0, [["0", "0"]], "100_300_100", 500), 140],
    ["other liability levels: no change", quote("2018", 0, [["0", "0"]], "500_1000_500", 500), 100],
    ["deductible 1000: -30", quote("2018", 0, [["0", "0"]], "state_minimum", 1000), 70],
    ['deductible "1000" as text: -30', quote("2018", 0, [["0", "0"]], "state_minimum", "1000"), 70],
    ["deductible 2000: no discount", quote("2018", 0, [["0", "0"]], "state_minimum", 2000), 100],
    ["lowest possible", quote("2010", 5, [["0", "0"]], "25_50_25", 1000), 50],
    [
      "everything at once: 100+50-20+30+20+60+40-30",
      quote(
        "2021",
        6,
        [
          ["1", "1"],
          ["0", "3"],
        ],
        "100_300_100",
        1000,
      ),
      250,
    ],
    ["numbers work like text", quote(2020, 4, [[1, 2]], "100_300_100", 1000), 210],
    ["no drivers", quote("2022", 0, [], "state_minimum", 500), 150],
  ])("%s → %d", (_case, input, expected) => {
    expect(estimateMonthlyPremium(input)).toBe(expected);
  });

  it("counts a repeated safety feature once", () => {
    const input = quote("2018", 0, [["0", "0"]], "state_minimum", 500);
    const repeated = {
      ...input,
      vehicleInfo: {
        ...input.vehicleInfo,
        safetyFeatures: ["Airbags", "Airbags", "Airbags", "Airbags"],
      },
    };
    expect(estimateMonthlyPremium(repeated)).toBe(100);
  });

  const incident = fc.constantFrom("0", "1", "2", "3");
  const premiumInput = fc
    .record({
      year: fc.constantFrom(...vehicleYears(new Date("2026-11-24T18:00:00Z"))),
      features: fc.subarray([...SAFETY_FEATURES]),
      drivers: fc.array(fc.record({ accidents: incident, violations: incident }), {
        minLength: 1,
        maxLength: 20,
      }),
      liability: fc.constantFrom(...LIABILITY_LEVELS),
      deductible: fc.constantFrom(...DEDUCTIBLES),
    })
    .map(
      ({ year, features, drivers, liability, deductible }): PremiumInput => ({
        vehicleInfo: { year, safetyFeatures: features },
        drivers,
        coverage: { liability, deductible },
      }),
    );

  const withDeductible = (input: PremiumInput, deductible: number): PremiumInput => ({
    ...input,
    coverage: { ...input.coverage, deductible },
  });

  it("property: deductible 1000 is exactly 30 less than 500", () => {
    fc.assert(
      fc.property(premiumInput, (input) => {
        expect(estimateMonthlyPremium(withDeductible(input, 1000))).toBe(
          estimateMonthlyPremium(withDeductible(input, 500)) - 30,
        );
      }),
    );
  });

  it("property: one more accident adds exactly 30, one more violation 20", () => {
    fc.assert(
      fc.property(premiumInput, fc.nat(), (input, pick) => {
        const index = pick % input.drivers.length;
        const before = estimateMonthlyPremium(input);
        const bump = (key: "accidents" | "violations") => ({
          ...input,
          drivers: input.drivers.map((driver, i) =>
            i === index ? { ...driver, [key]: Number(driver[key]) + 1 } : driver,
          ),
        });
        expect(estimateMonthlyPremium(bump("accidents"))).toBe(before + 30);
        expect(estimateMonthlyPremium(bump("violations"))).toBe(before + 20);
      }),
    );
  });

  it("property: an extra driver with a clean record costs nothing", () => {
    fc.assert(
      fc.property(premiumInput, (input) => {
        const more = { ...input, drivers: [...input.drivers, { accidents: "0", violations: "0" }] };
        expect(estimateMonthlyPremium(more)).toBe(estimateMonthlyPremium(input));
      }),
    );
  });

  it("property: at most 2 decimals, never below 100 - 20 - 30", () => {
    fc.assert(
      fc.property(premiumInput, (input) => {
        const premium = estimateMonthlyPremium(input);
        expect(Math.round(premium * 100) / 100).toBe(premium);
        expect(premium).toBeGreaterThanOrEqual(50);
      }),
    );
  });
});

describe("formatMoney and formatQuoteAmount", () => {
  it.each([
    [150, "$150.00"],
    [80.5, "$80.50"],
    [1234.567, "$1,234.57"],
    [0, "$0.00"],
  ])("%d → %s", (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
    expect(formatQuoteAmount(amount)).toBe(text);
  });

  it.each([undefined, null, Number.NaN])("%s → N/A", (amount) => {
    expect(formatQuoteAmount(amount)).toBe("N/A");
  });
});

describe("quote constants", () => {
  it("claims 15% savings, 30 days validity and review within 2 hours", () => {
    expect(QUOTE_SAVINGS_PERCENT).toBe(15);
    expect(QUOTE_VALID_DAYS).toBe(30);
    expect(QUOTE_REVIEW_HOURS).toBe(2);
  });

  it("lists the dialog's and the page's discounts", () => {
    expect(QUOTE_DIALOG_DISCOUNTS.map((discount) => discount.label)).toEqual([
      "Multi-policy",
      "Safe driver",
      "Vehicle safety features",
    ]);
    expect(QUOTE_PAGE_DISCOUNTS).toEqual([
      { label: "Paperless" },
      { label: "EFT", title: "Electronic funds transfer" },
      { label: "Safe driver" },
      { label: "Vehicle safety features" },
    ]);
  });
});
