import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOfWeek,
  formatCalendarDate,
  isCalendarDate,
  isWeekend,
  parseCalendarDate,
} from "./calendar-date.ts";

describe("parseCalendarDate", () => {
  it.each([
    ["2026-11-23", { year: 2026, month: 11, day: 23 }],
    ["2024-02-29", { year: 2024, month: 2, day: 29 }],
    ["2000-02-29", { year: 2000, month: 2, day: 29 }],
    ["1900-01-01", { year: 1900, month: 1, day: 1 }],
  ])("%s is a real date", (input, parts) => {
    expect(parseCalendarDate(input)).toEqual(parts);
    expect(isCalendarDate(input)).toBe(true);
  });

  it.each([
    "2026-02-29",
    "1900-02-29",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "2026-1-01",
    "26-01-01",
    "2026/01/01",
    "2026-01-01T00:00:00Z",
    " 2026-01-01",
    "",
  ])("%j is not", (input) => {
    expect(parseCalendarDate(input)).toBeUndefined();
    expect(isCalendarDate(input)).toBe(false);
  });

  it("round-trips every date it accepts", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2199-12-31"), noInvalidDate: true }),
        (instant) => {
          const text = instant.toISOString().slice(0, 10);
          const parts = parseCalendarDate(text);
          expect(parts).toBeDefined();
          if (parts) expect(formatCalendarDate(parts)).toBe(text);
        },
      ),
    );
  });
});

describe("dayOfWeek and isWeekend", () => {
  it.each([
    ["2026-11-21", 6, true],
    ["2026-11-22", 0, true],
    ["2026-11-23", 1, false],
    ["2026-11-27", 5, false],
    ["2000-01-01", 6, true],
  ] as const)("%s is day %i (weekend %s)", (date, weekday, weekend) => {
    const parts = parseCalendarDate(date);
    expect(parts && dayOfWeek(parts)).toBe(weekday);
    expect(isWeekend(date)).toBe(weekend);
  });

  it("is false for text that is not a date", () => {
    expect(isWeekend("Saturday")).toBe(false);
  });
});

describe("addDays", () => {
  it.each([
    [{ year: 2026, month: 12, day: 31 }, 1, { year: 2027, month: 1, day: 1 }],
    [{ year: 2028, month: 1, day: 1 }, -1, { year: 2027, month: 12, day: 31 }],
    [{ year: 2024, month: 2, day: 28 }, 1, { year: 2024, month: 2, day: 29 }],
    [{ year: 2026, month: 3, day: 8 }, 1, { year: 2026, month: 3, day: 9 }],
  ])("%o + %i = %o", (from, days, to) => {
    expect(addDays(from, days)).toEqual(to);
  });
});
