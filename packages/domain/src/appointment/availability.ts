import {
  addDays,
  type CalendarDate,
  formatCalendarDate,
  isCalendarDate,
  isWeekend,
  parseCalendarDate,
} from "../calendar-date.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { readAgencyWallClock } from "../time-zone.ts";
import { APPOINTMENT_FIELD_MESSAGES as M } from "./messages.ts";
import { isTimeSlot, slotStartMinutes, TIME_SLOTS, type TimeSlot } from "./options.ts";

/**
 * The date rules that do not depend on the clock, in the spec's order after "required":
 * a real date, a weekday, not a federal holiday.
 */
export function checkAppointmentDateStatic(date: string): string | undefined {
  if (date.trim() === "") return M.dateRequired;
  if (!isCalendarDate(date)) return M.dateInvalid;
  if (isWeekend(date)) return M.dateWeekend;
  const holiday = federalHolidayName(date);
  if (holiday !== undefined) return M.dateClosed(holiday);
  return undefined;
}

/**
 * How far ahead a visitor can book (`BOOKING_HORIZON_DAYS` on the server): without a
 * limit, a stranger could fill slots in year 9999 that no one will ever keep.
 */
export const DEFAULT_BOOKING_HORIZON_DAYS = 90;

/**
 * Upcoming bookings one email address or one phone number may hold at once: enough for a
 * household (home and auto reviews), too few to squat the calendar.
 */
export const MAX_OPEN_BOOKINGS_PER_PERSON = 2;

/**
 * How many appointments one slot can hold (Settings' "agents per slot"): one agent per
 * appointment, so the default is one; the upper bound keeps a typo from opening a slot to
 * hundreds of bookings.
 */
export const DEFAULT_AGENTS_PER_SLOT = 1;
export const MAX_AGENTS_PER_SLOT = 20;

/** The last date that can be booked: today in Chicago plus the horizon. */
export function lastBookableDate(
  now: Date,
  horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS,
): CalendarDate {
  const today = parseCalendarDate(readAgencyWallClock(now).date);
  if (today === undefined) throw new Error("the agency clock gave no calendar date");
  return formatCalendarDate(addDays(today, horizonDays));
}

/**
 * Every date rule; "future" means today or later on the Chicago calendar, and no later
 * than the booking horizon.
 */
export function checkAppointmentDate(
  date: string,
  now: Date,
  horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS,
): string | undefined {
  if (date.trim() === "") return M.dateRequired;
  if (!isCalendarDate(date)) return M.dateInvalid;
  if (date < readAgencyWallClock(now).date) return M.datePast;
  if (date > lastBookableDate(now, horizonDays)) return M.dateTooFar(horizonDays);
  return checkAppointmentDateStatic(date);
}

/**
 * A slot is gone once its start time has arrived in Chicago (09:00 AM is no longer
 * offered at 09:00:00). Slots start between 3 AM and 10 PM (the profile check), never in a DST gap, so
 * comparing wall-clock times is exact.
 */
export function hasSlotStarted(date: CalendarDate, slot: TimeSlot, now: Date): boolean {
  const clock = readAgencyWallClock(now);
  if (date !== clock.date) return date < clock.date;
  const secondsNow = clock.hour * 3600 + clock.minute * 60 + clock.second;
  return secondsNow >= slotStartMinutes(slot) * 60;
}

/** The slots still open on this date by the clock alone (bookings are not considered). */
export function availableSlotTimes(date: CalendarDate, now: Date): TimeSlot[] {
  if (!isCalendarDate(date)) return [];
  return TIME_SLOTS.filter((slot) => !hasSlotStarted(date, slot, now));
}

export function checkAppointmentSlotStatic(time: string): string | undefined {
  if (time.trim() === "") return M.timeRequired;
  if (!isTimeSlot(time)) return M.timeInvalid;
  return undefined;
}

/** The time rules; "already passed" is checked only against a real calendar date. */
export function checkAppointmentSlot(date: string, time: string, now: Date): string | undefined {
  const staticError = checkAppointmentSlotStatic(time);
  if (staticError !== undefined) return staticError;
  if (isCalendarDate(date) && isTimeSlot(time) && hasSlotStarted(date, time, now)) {
    return M.timePassed;
  }
  return undefined;
}

/**
 * The instant a slot starts: its wall-clock time in Chicago (CST −6 h or CDT −5 h). Slots
 * start between 3 AM and 10 PM (the profile check), never in a DST gap or overlap, so exactly one offset fits.
 */
export function slotStartInstant(date: CalendarDate, slot: TimeSlot): Date {
  const minutes = slotStartMinutes(slot);
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  for (const offsetHours of [6, 5]) {
    const instant = new Date(wall + offsetHours * 3_600_000);
    const clock = readAgencyWallClock(instant);
    if (clock.date === date && clock.hour * 60 + clock.minute === minutes) return instant;
  }
  return new Date(wall + 6 * 3_600_000);
}
