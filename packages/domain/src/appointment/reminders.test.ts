import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AGENCY } from "../agency.ts";
import { addDays, formatCalendarDate } from "../calendar-date.ts";
import { readAgencyWallClock } from "../time-zone.ts";
import { TIME_SLOTS } from "./options.ts";
import {
  AGENCY_DAY_LIST_MESSAGES,
  appointmentStartsAt,
  dueAgencyDayList,
  formatAgencyWhen,
  formatLongDate,
  isAgencyBusinessDay,
  isReminderDue,
  nextAgencyBusinessDay,
  REMINDER_LEAD_MS,
  REMINDER_MESSAGES,
} from "./reminders.ts";

const at = (iso: string) => new Date(iso);

describe("appointmentStartsAt", () => {
  it.each([
    // CST (UTC-6) and CDT (UTC-5).
    ["2026-11-02", "09:00 AM", "2026-11-02T15:00:00.000Z"],
    ["2026-10-30", "09:00 AM", "2026-10-30T14:00:00.000Z"],
    ["2026-10-30", "05:00 PM", "2026-10-30T22:00:00.000Z"],
    ["2026-12-01", "12:00 PM", "2026-12-01T18:00:00.000Z"],
    // The days the clocks change (a Sunday, never booked, but the arithmetic holds).
    ["2026-11-01", "09:00 AM", "2026-11-01T15:00:00.000Z"],
    ["2026-03-08", "09:00 AM", "2026-03-08T14:00:00.000Z"],
    ["2026-03-09", "01:00 PM", "2026-03-09T18:00:00.000Z"],
  ])("%s %s starts at %s", (date, time, iso) => {
    expect(appointmentStartsAt(date, time)?.toISOString()).toBe(iso);
  });

  it("is undefined for what is not a date or a slot", () => {
    expect(appointmentStartsAt("2026-02-30", "09:00 AM")).toBeUndefined();
    expect(appointmentStartsAt("2026-11-02", "9 AM")).toBeUndefined();
  });

  it("reads back as the slot on the agency's clock, every day of a year", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 366 }),
        fc.constantFrom(...TIME_SLOTS),
        (offset, slot) => {
          const date = formatCalendarDate(addDays({ year: 2026, month: 1, day: 1 }, offset));
          const start = appointmentStartsAt(date, slot);
          const clock = readAgencyWallClock(start ?? new Date(0));
          const [hh = "", rest = ""] = slot.split(":");
          const hour = (Number(hh) % 12) + (rest.endsWith("PM") ? 12 : 0);
          expect(clock).toEqual({ date, hour, minute: 0, second: 0 });
        },
      ),
    );
  });
});

describe("isReminderDue", () => {
  // Monday 2026-11-02 9:00 AM CST = 15:00Z; the day before (1 November) has 25 hours.
  const monday = { date: "2026-11-02", time: "09:00 AM", createdAt: "2026-10-20T12:00:00.000Z" };

  it.each([
    ["2026-11-01T14:59:59.999Z", false],
    // 24 elapsed hours before, which is 9:00 AM CST on Sunday too (the change was at 2 AM).
    ["2026-11-01T15:00:00.000Z", true],
    ["2026-11-02T14:59:59.999Z", true],
    ["2026-11-02T15:00:00.000Z", false],
    ["2026-11-03T15:00:00.000Z", false],
  ])("at %s: %s", (now, due) => {
    expect(isReminderDue(monday, at(now))).toBe(due);
  });

  it("sends none for a booking made less than 24 hours ahead", () => {
    const late = { ...monday, createdAt: "2026-11-01T15:00:00.001Z" };
    expect(isReminderDue(late, at("2026-11-01T20:00:00Z"))).toBe(false);
    const justInTime = { ...monday, createdAt: "2026-11-01T15:00:00.000Z" };
    expect(isReminderDue(justInTime, at("2026-11-01T20:00:00Z"))).toBe(true);
  });

  it("is never due outside the day before the start", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * 86_400_000, max: 10 * 86_400_000 }), (delta) => {
        const start = appointmentStartsAt(monday.date, monday.time)?.getTime() ?? 0;
        const now = new Date(start + delta);
        const inWindow = delta >= -REMINDER_LEAD_MS && delta < 0;
        expect(isReminderDue(monday, now)).toBe(inWindow);
      }),
    );
  });
});

describe("formatAgencyWhen", () => {
  it.each([
    ["2026-11-02", "09:00 AM", "Monday, November 2, 2026 at 9:00 AM Central time (CST)"],
    ["2026-10-30", "09:00 AM", "Friday, October 30, 2026 at 9:00 AM Central time (CDT)"],
    ["2026-12-01", "09:00 AM", "Tuesday, December 1, 2026 at 9:00 AM Central time (CST)"],
    ["2027-03-15", "01:00 PM", "Monday, March 15, 2027 at 1:00 PM Central time (CDT)"],
    ["2026-11-03", "12:00 PM", "Tuesday, November 3, 2026 at 12:00 PM Central time (CST)"],
  ])("%s %s", (date, time, text) => {
    const start = appointmentStartsAt(date, time);
    expect(start && formatAgencyWhen(start)).toBe(text);
  });

  it("names the appointment's zone, not the one in force when the reminder goes out", () => {
    // Friday 30 October is CDT; the Monday after the 25-hour Sunday is CST.
    const start = appointmentStartsAt("2026-11-02", "09:00 AM");
    if (!start) throw new Error("no start");
    const text = REMINDER_MESSAGES.text({ service: "Auto Insurance" }, start);
    expect(text).toContain("Monday, November 2, 2026 at 9:00 AM Central time (CST)");
    expect(REMINDER_MESSAGES.subject(start)).toBe(
      `Reminder: your appointment with ${AGENCY.name} on Monday, November 2 at 9:00 AM`,
    );
  });
});

describe("business days and the agency's list", () => {
  it.each([
    ["2026-11-24", true], // Tuesday
    ["2026-11-26", false], // Thanksgiving
    ["2026-11-28", false], // Saturday
    ["2026-12-25", false], // Christmas
    ["2027-12-31", false], // New Year's Day 2028 is a Saturday: observed Friday
    ["2026-02-30", false],
  ])("%s is a business day: %s", (date, open) => {
    expect(isAgencyBusinessDay(date)).toBe(open);
  });

  it.each([
    ["2026-11-24", "2026-11-25"],
    ["2026-11-25", "2026-11-27"], // over Thanksgiving
    ["2026-11-27", "2026-11-30"], // over the weekend
    ["2026-12-24", "2026-12-28"], // Christmas on Friday, then the weekend
    ["2027-01-15", "2027-01-19"], // Friday before Martin Luther King Jr. Day
  ])("after %s comes %s", (date, next) => {
    expect(nextAgencyBusinessDay(date)).toBe(next);
  });

  it.each([
    // Tuesday 24 November 2026 (CST, UTC-6): 5 PM is 23:00Z.
    ["2026-11-24T22:59:59Z", undefined],
    ["2026-11-24T23:00:00Z", "2026-11-25"],
    ["2026-11-25T05:59:59Z", "2026-11-25"],
    // Wednesday has begun: Tuesday's list is no longer a preview.
    ["2026-11-25T06:00:00Z", undefined],
    ["2026-11-25T23:00:00Z", "2026-11-27"],
    // Thanksgiving is closed, but Wednesday's list (of Friday) is still due until Friday.
    ["2026-11-26T23:30:00Z", "2026-11-27"],
    ["2026-11-27T23:00:00Z", "2026-11-30"],
    // Saturday and Sunday after a Friday outage: Friday's list of Monday.
    ["2026-11-28T15:00:00Z", "2026-11-30"],
    ["2026-11-29T23:59:00Z", "2026-11-30"],
    ["2026-11-30T06:00:00Z", undefined],
    // CDT (UTC-5): 5 PM is 22:00Z.
    ["2026-10-27T21:59:59Z", undefined],
    ["2026-10-27T22:00:00Z", "2026-10-28"],
    // Friday 30 October's list, sent across the 25-hour Sunday, is of Monday 2 November.
    ["2026-11-01T12:00:00Z", "2026-11-02"],
  ])("at %s the list of %s is due", (now, day) => {
    expect(dueAgencyDayList(at(now))).toBe(day);
  });

  it("lists times in order, with the phone written out, or says there are none", () => {
    const text = AGENCY_DAY_LIST_MESSAGES.text("2026-11-25", [
      { name: "Bea Ortiz", time: "01:00 PM", service: "Home Insurance", phone: "6125550102" },
      { name: "Al Chen", time: "09:00 AM", service: "Auto Insurance", phone: "6125550101" },
      { name: "Cy Young", time: "10:00 AM", service: "Other", phone: "6125550103" },
    ]);
    expect(text.split("\n")).toEqual([
      "Appointments on Wednesday, November 25, 2026 (Central time):",
      "",
      "9:00 AM  Al Chen, Auto Insurance, (612) 555-0101",
      "10:00 AM  Cy Young, Other, (612) 555-0103",
      "1:00 PM  Bea Ortiz, Home Insurance, (612) 555-0102",
    ]);
    expect(AGENCY_DAY_LIST_MESSAGES.subject("2026-11-25", 3)).toBe(
      "3 appointments on Wednesday, November 25, 2026",
    );
    expect(AGENCY_DAY_LIST_MESSAGES.text("2026-11-27", [])).toContain("No appointments.");
    expect(AGENCY_DAY_LIST_MESSAGES.subject("2026-11-27", 0)).toBe(
      "No appointments on Friday, November 27, 2026",
    );
  });

  it("writes a long date on the agency's calendar", () => {
    expect(formatLongDate("2026-11-02")).toBe("Monday, November 2, 2026");
  });
});
