import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { medianOf, medianOfCounts, presetPeriod, ReportQuerySchema, rateOf } from "./figures.ts";

describe("figures", () => {
  it("takes the median of a histogram as of the values written out (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 })), (values) => {
        const counts = new Map<number, number>();
        for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
        expect(medianOfCounts(counts)).toBe(medianOf(values));
      }),
    );
  });

  it("answers no rate without a base", () => {
    expect(rateOf(0, 0)).toBeNull();
    expect(rateOf(3, 4)).toBe(0.75);
  });

  it.each([
    ["this-month", { from: "2026-11-01", to: "2026-11-23" }],
    ["last-month", { from: "2026-10-01", to: "2026-10-31" }],
    ["this-year", { from: "2026-01-01", to: "2026-11-23" }],
    ["last-year", { from: "2025-01-01", to: "2025-12-31" }],
  ] as const)("%s in Central days", (preset, period) => {
    // Monday 2026-11-23, 8 PM in Chicago: already the 24th in UTC.
    expect(presetPeriod(preset, new Date("2026-11-24T02:00:00Z"))).toEqual(period);
  });

  it("last month of January is December of the year before", () => {
    expect(presetPeriod("last-month", new Date("2027-01-15T18:00:00Z"))).toEqual({
      from: "2026-12-01",
      to: "2026-12-31",
    });
  });

  it("refuses a period in the wrong order, too long, or both a preset and dates", () => {
    expect(ReportQuerySchema.safeParse({ from: "2026-11-02", to: "2026-11-01" }).success).toBe(
      false,
    );
    expect(ReportQuerySchema.safeParse({ from: "2000-01-01", to: "2026-01-01" }).success).toBe(
      false,
    );
    expect(ReportQuerySchema.safeParse({ preset: "this-year", to: "2026-01-01" }).success).toBe(
      false,
    );
    expect(ReportQuerySchema.safeParse({ from: "2026-11-01", to: "2026-11-01" }).success).toBe(
      true,
    );
  });
});
