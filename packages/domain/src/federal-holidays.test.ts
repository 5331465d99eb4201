import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isWeekend } from "./calendar-date.ts";
import { federalHolidayName, listFederalHolidays } from "./federal-holidays.ts";

describe("listFederalHolidays", () => {
  it("gives the 2026 calendar", () => {
    expect(listFederalHolidays(2026)).toEqual([
      { name: "New Year's Day", date: "2026-01-01", observedDate: "2026-01-01" },
      { name: "Martin Luther King Jr. Day", date: "2026-01-19", observedDate: "2026-01-19" },
      { name: "Presidents' Day", date: "2026-02-16", observedDate: "2026-02-16" },
      { name: "Memorial Day", date: "2026-05-25", observedDate: "2026-05-25" },
      { name: "Juneteenth", date: "2026-06-19", observedDate: "2026-06-19" },
      // Saturday, observed the Friday before.
      { name: "Independence Day", date: "2026-07-04", observedDate: "2026-07-03" },
      { name: "Labor Day", date: "2026-09-07", observedDate: "2026-09-07" },
      { name: "Columbus Day", date: "2026-10-12", observedDate: "2026-10-12" },
      { name: "Veterans Day", date: "2026-11-11", observedDate: "2026-11-11" },
      { name: "Thanksgiving Day", date: "2026-11-26", observedDate: "2026-11-26" },
      { name: "Christmas Day", date: "2026-12-25", observedDate: "2026-12-25" },
    ]);
  });

  it("gives the 2027 calendar", () => {
    expect(listFederalHolidays(2027)).toEqual([
      { name: "New Year's Day", date: "2027-01-01", observedDate: "2027-01-01" },
      { name: "Martin Luther King Jr. Day", date: "2027-01-18", observedDate: "2027-01-18" },
      { name: "Presidents' Day", date: "2027-02-15", observedDate: "2027-02-15" },
      { name: "Memorial Day", date: "2027-05-31", observedDate: "2027-05-31" },
      // Saturday → Friday; Sunday → Monday; Saturday → Friday.
      { name: "Juneteenth", date: "2027-06-19", observedDate: "2027-06-18" },
      { name: "Independence Day", date: "2027-07-04", observedDate: "2027-07-05" },
      { name: "Labor Day", date: "2027-09-06", observedDate: "2027-09-06" },
      { name: "Columbus Day", date: "2027-10-11", observedDate: "2027-10-11" },
      { name: "Veterans Day", date: "2027-11-11", observedDate: "2027-11-11" },
      { name: "Thanksgiving Day", date: "2027-11-25", observedDate: "2027-11-25" },
      { name: "Christmas Day", date: "2027-12-25", observedDate: "2027-12-24" },
    ]);
  });

  it("has no Juneteenth before 2021", () => {
    expect(listFederalHolidays(2020).map((holiday) => holiday.name)).not.toContain("Juneteenth");
    expect(listFederalHolidays(2021).map((holiday) => holiday.name)).toContain("Juneteenth");
  });

  it("always observes on a weekday, within a day of the holiday", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2021, max: 2200 }), (year) => {
        const holidays = listFederalHolidays(year);
        expect(holidays).toHaveLength(11);
        for (const { date, observedDate } of holidays) {
          expect(isWeekend(observedDate)).toBe(false);
          const gapDays = Math.abs(Date.parse(observedDate) - Date.parse(date)) / 86_400_000;
          expect(gapDays).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe("federalHolidayName", () => {
  it.each([
    ["2026-01-01", "New Year's Day"],
    ["2026-01-19", "Martin Luther King Jr. Day"],
    ["2026-02-16", "Presidents' Day"],
    ["2026-05-25", "Memorial Day"],
    ["2026-06-19", "Juneteenth"],
    ["2026-07-03", "Independence Day"],
    ["2026-07-04", "Independence Day"],
    ["2026-09-07", "Labor Day"],
    ["2026-10-12", "Columbus Day"],
    ["2026-11-11", "Veterans Day"],
    ["2026-11-26", "Thanksgiving Day"],
    ["2026-12-25", "Christmas Day"],
    ["2027-06-18", "Juneteenth"],
    ["2027-07-05", "Independence Day"],
    ["2027-12-24", "Christmas Day"],
    // New Year's Day 2028 is a Saturday: observed on Friday 31 December 2027.
    ["2027-12-31", "New Year's Day"],
    ["2028-01-01", "New Year's Day"],
    ["2026-07-02", undefined],
    ["2026-07-06", undefined],
    ["2026-11-27", undefined],
    ["2026-12-24", undefined],
    ["2026-12-31", undefined],
    ["2027-01-04", undefined],
    ["not a date", undefined],
  ])("%s → %s", (date, name) => {
    expect(federalHolidayName(date)).toBe(name);
  });
});
