import { describe, expect, it } from "vitest";
import {
  availableSlotTimes,
  checkAppointmentDate,
  checkAppointmentSlot,
  hasSlotStarted,
  lastBookableDate,
} from "./availability.ts";
import { slotStartMinutes, TIME_SLOTS } from "./options.ts";

/** Monday 2026-11-23, 09:30:00 CST. */
const MONDAY_0930 = new Date("2026-11-23T15:30:00Z");
/** Sunday 2026-11-22, 23:30 CST, though already Monday in UTC. */
const SUNDAY_LATE = new Date("2026-11-23T05:30:00Z");

const TOO_FAR = "Appointments can be booked up to 90 days ahead. Please choose an earlier date.";

describe("checkAppointmentDate", () => {
  it.each([
    ["", "Appointment date is required"],
    ["   ", "Appointment date is required"],
    ["2026-02-30", "Please select a valid date"],
    ["23/11/2026", "Please select a valid date"],
    ["2026-11-20", "Please select a future date"],
    // The past wins over the weekend, in the spec's order.
    ["2026-11-22", "Please select a future date"],
    ["2026-11-23", undefined],
    ["2026-11-24", undefined],
    ["2026-11-28", "Please select a weekday (Monday-Friday)"],
    ["2026-11-29", "Please select a weekday (Monday-Friday)"],
    ["2026-11-26", "The office is closed on Thanksgiving Day. Please choose another day."],
    ["2026-12-25", "The office is closed on Christmas Day. Please choose another day."],
    ["2026-12-24", undefined],
    ["2027-01-01", "The office is closed on New Year's Day. Please choose another day."],
    [
      "2027-01-18",
      "The office is closed on Martin Luther King Jr. Day. Please choose another day.",
    ],
    // The booking horizon: 90 days after Monday 2026-11-23 is Sunday 2027-02-21.
    ["2027-02-19", undefined],
    ["2027-02-22", TOO_FAR],
    ["2027-06-18", TOO_FAR],
    ["9999-12-31", TOO_FAR],
  ])("%j → %j (Monday 09:30 CST)", (date, message) => {
    expect(checkAppointmentDate(date, MONDAY_0930)).toBe(message);
  });

  it.each([
    ["2027-06-18", "The office is closed on Juneteenth. Please choose another day."],
    ["2027-07-05", "The office is closed on Independence Day. Please choose another day."],
    ["2027-12-31", "The office is closed on New Year's Day. Please choose another day."],
    ["2028-01-03", undefined],
  ])("%j → %j within a two-year horizon", (date, message) => {
    expect(checkAppointmentDate(date, MONDAY_0930, 730)).toBe(message);
  });

  it("puts the last bookable date the horizon's days after today in Chicago", () => {
    expect(lastBookableDate(MONDAY_0930)).toBe("2027-02-21");
    expect(lastBookableDate(MONDAY_0930, 1)).toBe("2026-11-24");
    // Late Sunday evening in Chicago is already Monday in UTC; Chicago's day counts.
    expect(lastBookableDate(SUNDAY_LATE, 1)).toBe("2026-11-23");
    expect(checkAppointmentDate("2026-11-25", SUNDAY_LATE, 2)).toBe(
      "Appointments can be booked up to 2 days ahead. Please choose an earlier date.",
    );
  });

  it("reads today on the Chicago calendar, not the UTC one", () => {
    // Sunday in Chicago: Sunday is today (a weekend), Monday is tomorrow (fine).
    expect(checkAppointmentDate("2026-11-22", SUNDAY_LATE)).toBe(
      "Please select a weekday (Monday-Friday)",
    );
    expect(checkAppointmentDate("2026-11-23", SUNDAY_LATE)).toBeUndefined();
    expect(checkAppointmentDate("2026-11-20", SUNDAY_LATE)).toBe("Please select a future date");
  });
});

describe("availableSlotTimes", () => {
  it.each([
    ["2026-11-23T14:59:59Z", TIME_SLOTS],
    // 09:00:00 CST: the first slot starts now, so it is gone.
    ["2026-11-23T15:00:00Z", TIME_SLOTS.slice(1)],
    ["2026-11-23T15:00:01Z", TIME_SLOTS.slice(1)],
    ["2026-11-23T18:00:00Z", TIME_SLOTS.slice(4)],
    ["2026-11-23T22:59:59Z", ["05:00 PM"]],
    ["2026-11-23T23:00:00Z", []],
  ])("on Monday 2026-11-23 at %s", (instant, slots) => {
    expect(availableSlotTimes("2026-11-23", new Date(instant))).toEqual(slots);
  });

  it("does not offer 09:00 AM at 09:00:01 Chicago time", () => {
    const slots = availableSlotTimes("2026-11-23", new Date("2026-11-23T15:00:01Z"));
    expect(slots).not.toContain("09:00 AM");
    expect(slots[0]).toBe("10:00 AM");
  });

  it("offers every slot on a later date and none on an earlier one", () => {
    expect(availableSlotTimes("2026-11-24", MONDAY_0930)).toEqual(TIME_SLOTS);
    expect(availableSlotTimes("2026-11-20", MONDAY_0930)).toEqual([]);
    expect(availableSlotTimes("not a date", MONDAY_0930)).toEqual([]);
  });

  it("offers every slot on the Chicago 'tomorrow' late on Sunday evening", () => {
    expect(availableSlotTimes("2026-11-23", SUNDAY_LATE)).toEqual(TIME_SLOTS);
  });

  it("follows daylight saving time (09:00 is 14:00Z in CDT, 15:00Z in CST)", () => {
    // Monday after DST starts (CDT, UTC-5).
    expect(availableSlotTimes("2026-03-09", new Date("2026-03-09T13:59:59Z"))).toEqual(TIME_SLOTS);
    expect(availableSlotTimes("2026-03-09", new Date("2026-03-09T14:00:01Z"))).toEqual(
      TIME_SLOTS.slice(1),
    );
    // Friday before DST starts (CST, UTC-6): 14:30Z is only 08:30.
    expect(availableSlotTimes("2026-03-06", new Date("2026-03-06T14:30:00Z"))).toEqual(TIME_SLOTS);
    // Monday after DST ends (CST again): 14:30Z is 08:30, not 09:30.
    expect(availableSlotTimes("2026-11-02", new Date("2026-11-02T14:30:00Z"))).toEqual(TIME_SLOTS);
    expect(availableSlotTimes("2026-11-02", new Date("2026-11-02T15:30:00Z"))).toEqual(
      TIME_SLOTS.slice(1),
    );
  });
});

describe("hasSlotStarted", () => {
  it.each([
    ["2026-11-23", "09:00 AM", true],
    ["2026-11-23", "10:00 AM", false],
    ["2026-11-22", "05:00 PM", true],
    ["2026-11-24", "09:00 AM", false],
  ] as const)("%s %s at Monday 09:30 CST → %s", (date, slot, started) => {
    expect(hasSlotStarted(date, slot, MONDAY_0930)).toBe(started);
  });
});

describe("checkAppointmentSlot", () => {
  it.each([
    ["2026-11-23", "", "Time slot is required"],
    ["2026-11-23", "9:00 AM", "Please select a valid time slot"],
    ["2026-11-23", "06:00 PM", "Please select a valid time slot"],
    ["2026-11-23", "08:00 AM", "Please select a valid time slot"],
    ["2026-11-23", "09:00 AM", "That time has already passed. Please choose a later time."],
    ["2026-11-23", "10:00 AM", undefined],
    ["2026-11-24", "09:00 AM", undefined],
    ["2026-11-20", "10:00 AM", "That time has already passed. Please choose a later time."],
    // An invalid date has its own message; the slot alone is fine.
    ["", "09:00 AM", undefined],
    ["2026-02-30", "09:00 AM", undefined],
  ])("%j %j → %j", (date, time, message) => {
    expect(checkAppointmentSlot(date, time, MONDAY_0930)).toBe(message);
  });
});

describe("slotStartMinutes", () => {
  it.each([
    ["09:00 AM", 540],
    ["11:00 AM", 660],
    ["12:00 PM", 720],
    ["01:00 PM", 780],
    ["05:00 PM", 1020],
  ] as const)("%s starts at minute %i", (slot, minutes) => {
    expect(slotStartMinutes(slot)).toBe(minutes);
  });

  it("lists nine hourly slots in order", () => {
    const starts = TIME_SLOTS.map(slotStartMinutes);
    expect(starts).toEqual([540, 600, 660, 720, 780, 840, 900, 960, 1020]);
  });
});
