import { type CalendarDate, isCalendarDate, isWeekend } from "../calendar-date.ts";
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

/** Every date rule; "future" means today or later on the Chicago calendar. */
export function checkAppointmentDate(date: string, now: Date): string | undefined {
  if (date.trim() === "") return M.dateRequired;
  if (!isCalendarDate(date)) return M.dateInvalid;
  if (date < readAgencyWallClock(now).date) return M.datePast;
  return checkAppointmentDateStatic(date);
}

/**
 * A slot is gone once its start time has arrived in Chicago (09:00 AM is no longer
 * offered at 09:00:00). Slots sit between 9 AM and 5 PM, never in a DST gap, so
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
