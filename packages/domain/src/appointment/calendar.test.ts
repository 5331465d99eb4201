import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dayOfWeek, formatCalendarDate, parseCalendarDate } from "../calendar-date.ts";
import { AppointmentRoutes } from "./api.ts";
import {
  CALENDAR_MAX_DAYS,
  CALENDAR_MESSAGES,
  CalendarQuerySchema,
  calendarDays,
  centralZoneAbbreviation,
  compareCalendarAppointments,
  daysInSpan,
  isCalledOff,
  mondayOf,
  stepCalendar,
} from "./calendar.ts";
import { displaySlot, TIME_SLOTS } from "./options.ts";

const weekday = (date: string) =>
  dayOfWeek(parseCalendarDate(date) ?? { year: 0, month: 1, day: 1 });
const dates = fc
  .date({
    min: new Date("1970-01-01T00:00:00Z"),
    max: new Date("2200-12-31T00:00:00Z"),
    noInvalidDate: true,
  })
  .map((d) =>
    formatCalendarDate({
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
    }),
  );

describe("the calendar query", () => {
  const problem = (query: Record<string, unknown>) => {
    const result = CalendarQuerySchema.safeParse(query);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it.each([
    ["one day", { from: "2026-11-23", to: "2026-11-23" }],
    ["a week", { from: "2026-11-23", to: "2026-11-27" }],
    ["31 days", { from: "2026-12-01", to: "2026-12-31" }],
    ["31 days over a leap day", { from: "2028-02-15", to: "2028-03-16" }],
  ])("accepts %s", (_name, query) => {
    expect(problem(query)).toBeUndefined();
  });

  it.each([
    ["no from", { to: "2026-11-23" }, CALENDAR_MESSAGES.from],
    ["no to", { from: "2026-11-23" }, CALENDAR_MESSAGES.to],
    ["a month 13", { from: "2026-13-01", to: "2026-11-23" }, CALENDAR_MESSAGES.from],
    ["February 30", { from: "2026-11-23", to: "2026-02-30" }, CALENDAR_MESSAGES.to],
    ["a time", { from: "2026-11-23T00:00", to: "2026-11-23" }, CALENDAR_MESSAGES.from],
    ["the end first", { from: "2026-11-24", to: "2026-11-23" }, CALENDAR_MESSAGES.order],
    ["32 days", { from: "2026-12-01", to: "2027-01-01" }, CALENDAR_MESSAGES.span],
    ["a year", { from: "2026-01-01", to: "2026-12-31" }, CALENDAR_MESSAGES.span],
    ["a list", { from: ["2026-11-23", "2026-11-24"], to: "2026-11-24" }, CALENDAR_MESSAGES.from],
  ])("refuses %s", (_name, query, message) => {
    expect(problem(query)).toBe(message);
  });

  it("accepts exactly the spans of 1 to CALENDAR_MAX_DAYS days (property)", () => {
    fc.assert(
      fc.property(dates, fc.integer({ min: -40, max: 40 }), (from, offset) => {
        const parts = parseCalendarDate(from);
        if (!parts) return;
        const end = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + offset));
        const to = formatCalendarDate({
          year: end.getUTCFullYear(),
          month: end.getUTCMonth() + 1,
          day: end.getUTCDate(),
        });
        expect(daysInSpan(from, to)).toBe(Math.max(0, offset + 1));
        const ok = offset >= 0 && offset + 1 <= CALENDAR_MAX_DAYS;
        expect(CalendarQuerySchema.safeParse({ from, to }).success).toBe(ok);
      }),
    );
  });

  it("is read with the same permission as the appointments list", () => {
    expect(AppointmentRoutes.calendar.access).toBe(AppointmentRoutes.list.access);
    expect(AppointmentRoutes.today.access).toBe(AppointmentRoutes.list.access);
  });
});

describe("calendar pages", () => {
  it.each([
    ["2026-11-23", "2026-11-23"], // Monday
    ["2026-11-27", "2026-11-23"], // Friday
    ["2026-11-28", "2026-11-30"], // Saturday: the coming week
    ["2026-11-29", "2026-11-30"], // Sunday
    ["2027-01-01", "2026-12-28"], // across a year
  ])("the week of %s starts on %s", (date, monday) => {
    expect(mondayOf(date)).toBe(monday);
  });

  it("a week is Monday to Friday of the date (or the coming one at a weekend); a day is the date (property)", () => {
    fc.assert(
      fc.property(dates, (date) => {
        const week = calendarDays("week", date);
        expect(week.map(weekday)).toEqual([1, 2, 3, 4, 5]);
        if ([1, 2, 3, 4, 5].includes(weekday(date))) expect(week).toContain(date);
        else expect(daysInSpan(date, week[0] ?? "")).toBeGreaterThanOrEqual(2);
        expect(daysInSpan(week[0] ?? "", week[4] ?? "")).toBe(5);
        expect(calendarDays("day", date)).toEqual([date]);
      }),
    );
  });

  it("Previous and Next move a week, or to the next weekday (property)", () => {
    fc.assert(
      fc.property(dates, fc.constantFrom(1 as const, -1 as const), (date, direction) => {
        const week = stepCalendar("week", date, direction);
        expect(weekday(week)).toBe(1);
        expect(stepCalendar("week", week, direction === 1 ? -1 : 1)).toBe(mondayOf(date));
        const day = stepCalendar("day", date, direction);
        expect([1, 2, 3, 4, 5]).toContain(weekday(day));
        const span = direction === 1 ? daysInSpan(date, day) : daysInSpan(day, date);
        expect(span).toBeGreaterThanOrEqual(2);
        expect(span).toBeLessThanOrEqual(4);
      }),
    );
  });

  it.each([
    ["2026-11-23", "CST"],
    ["2026-07-01", "CDT"],
    ["2026-03-06", "CST"], // the Friday before clocks go forward
    ["2026-03-09", "CDT"], // the Monday after
    ["2026-10-30", "CDT"],
    ["2026-11-02", "CST"],
    ["not a date", "CT"],
  ])("%s is in %s", (date, zone) => {
    expect(centralZoneAbbreviation(date)).toBe(zone);
  });

  it("writes slot times without a leading zero", () => {
    expect(TIME_SLOTS.map(displaySlot)).toEqual([
      "9:00 AM",
      "10:00 AM",
      "11:00 AM",
      "12:00 PM",
      "1:00 PM",
      "2:00 PM",
      "3:00 PM",
      "4:00 PM",
      "5:00 PM",
    ]);
  });

  it("orders by date, then by slot (not by text), then by id", () => {
    const items = [
      { _id: "b", date: "2026-11-24", time: "09:00 AM" },
      { _id: "c", date: "2026-11-23", time: "01:00 PM" },
      { _id: "a", date: "2026-11-23", time: "09:00 AM" },
      { _id: "d", date: "2026-11-23", time: "01:00 PM" },
      { _id: "e", date: "2026-11-23", time: "12:00 PM" },
    ];
    expect(items.sort(compareCalendarAppointments).map((i) => i._id)).toEqual([
      "a",
      "e",
      "c",
      "d",
      "b",
    ]);
  });

  it("tells called-off appointments apart", () => {
    expect(["cancelled", "rescheduled", "no-show"].every(isCalledOff)).toBe(true);
    expect(["new", "contacted", "booked", "won", "lost"].some(isCalledOff)).toBe(false);
  });
});
