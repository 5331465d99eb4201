import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { OpeningHours } from "../derive-agency.ts";
import { businessMillisecondsBetween, businessSecondsBetween } from "./business-hours.ts";

const WEEKDAYS_9_TO_5: OpeningHours[] = (
  ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const
).map((day) => ({ day, opens: "09:00", closes: "17:00" }));
/** Sundays 1 AM to 5 AM: the hours the clocks change in. */
const SUNDAY_NIGHTS: OpeningHours[] = [{ day: "Sunday", opens: "01:00", closes: "05:00" }];

const HOUR = 3600;
/** A Central wall time in November 2026 (CST, UTC−6) as an instant. */
const cst = (date: string, time: string) => new Date(`${date}T${time}:00-06:00`);

describe("businessSecondsBetween", () => {
  it.each([
    ["within one day", cst("2026-11-23", "10:00"), cst("2026-11-23", "11:30"), 1.5 * HOUR],
    [
      "before opening to after closing",
      cst("2026-11-23", "06:00"),
      cst("2026-11-23", "22:00"),
      8 * HOUR,
    ],
    ["across a night", cst("2026-11-23", "16:00"), cst("2026-11-24", "10:00"), 2 * HOUR],
    ["across a weekend", cst("2026-11-20", "16:00"), cst("2026-11-23", "10:00"), 2 * HOUR],
    [
      "a night arrival answered at opening",
      cst("2026-11-23", "23:00"),
      cst("2026-11-24", "09:00"),
      0,
    ],
    // Thanksgiving (Thursday 2026-11-26) is closed.
    ["across a holiday", cst("2026-11-25", "16:00"), cst("2026-11-27", "10:00"), 2 * HOUR],
    ["a whole week", cst("2026-11-30", "00:00"), cst("2026-12-07", "00:00"), 40 * HOUR],
    ["backwards", cst("2026-11-23", "12:00"), cst("2026-11-23", "10:00"), 0],
  ])("%s", (_name, from, to, seconds) => {
    expect(businessSecondsBetween(from, to, WEEKDAYS_9_TO_5)).toBe(seconds);
  });

  it("counts the real hours of a day the clocks change on (DST)", () => {
    // 2026-03-08: 2 AM CST becomes 3 AM CDT, so 1 AM–5 AM is three hours long.
    const spring = [new Date("2026-03-08T06:00:00Z"), new Date("2026-03-08T12:00:00Z")] as const;
    expect(businessSecondsBetween(...spring, SUNDAY_NIGHTS)).toBe(3 * HOUR);
    // 2026-11-01: 2 AM CDT becomes 1 AM CST again, so it is five hours long.
    const fall = [new Date("2026-11-01T05:00:00Z"), new Date("2026-11-01T12:00:00Z")] as const;
    expect(businessSecondsBetween(...fall, SUNDAY_NIGHTS)).toBe(5 * HOUR);
    // A weekday in summer: 9 to 5 CDT is 14:00–22:00 UTC.
    expect(
      businessSecondsBetween(
        new Date("2026-07-14T14:30:00Z"),
        new Date("2026-07-14T21:30:00Z"),
        WEEKDAYS_9_TO_5,
      ),
    ).toBe(7 * HOUR);
  });

  it("follows the profile's hours by default (weekends open in the afternoon)", () => {
    // Saturday 2026-11-21, 1 PM to 8 PM in the sample profile.
    expect(businessSecondsBetween(cst("2026-11-21", "00:00"), cst("2026-11-22", "00:00"))).toBe(
      7 * HOUR,
    );
  });

  const instant = fc
    .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2028, 0, 1) })
    .map((ms) => new Date(ms));

  it("is never negative, never more than the time elapsed, and adds up (property)", () => {
    fc.assert(
      fc.property(instant, instant, instant, (x, y, z) => {
        const [a, b, c] = [x, y, z].sort((p, q) => p.getTime() - q.getTime()) as [Date, Date, Date];
        const ab = businessMillisecondsBetween(a, b, WEEKDAYS_9_TO_5);
        const bc = businessMillisecondsBetween(b, c, WEEKDAYS_9_TO_5);
        const ac = businessMillisecondsBetween(a, c, WEEKDAYS_9_TO_5);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(b.getTime() - a.getTime());
        expect(ac).toBe(ab + bc);
        // At most 8 hours in any calendar day the span touches.
        const days = Math.ceil((c.getTime() - a.getTime()) / 86_400_000) + 2;
        expect(ac).toBeLessThanOrEqual(days * 8 * HOUR * 1000);
      }),
      { numRuns: 200 },
    );
  });
});
