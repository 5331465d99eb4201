import * as z from "zod";
import {
  addDays,
  type CalendarDate,
  dayOfWeek,
  formatCalendarDate,
  isCalendarDate,
  parseCalendarDate,
} from "../calendar-date.ts";
import { AGENCY_TIME_ZONE } from "../time-zone.ts";
import { isTimeSlot, TIME_SLOTS } from "./options.ts";

/**
 * The staff calendar (issue 15, section 3; decision 0037): the appointments of a span of
 * Central calendar days, with only what a calendar cell shows.
 */

/** The longest span one calendar request may ask for, in days (both ends included). */
export const CALENDAR_MAX_DAYS = 31;

export const CALENDAR_MESSAGES = {
  from: "from is required and must be a calendar date (YYYY-MM-DD)",
  to: "to is required and must be a calendar date (YYYY-MM-DD)",
  order: "to must be on or after from",
  span: `The calendar shows at most ${CALENDAR_MAX_DAYS} days at a time`,
  loadFailed: (reason: string) => `The calendar could not be loaded: ${reason}`,
  todayFailed: (reason: string) => `Today's schedule could not be loaded: ${reason}`,
  todayEmpty: "No appointments today",
} as const;

/** Days from `from` to `to`, both included (0 when `to` is before `from` or either is not a date). */
export function daysInSpan(from: CalendarDate, to: CalendarDate): number {
  const start = parseCalendarDate(from);
  const end = parseCalendarDate(to);
  if (!start || !end) return 0;
  const utc = (p: typeof start) => {
    const d = new Date(0);
    d.setUTCFullYear(p.year, p.month - 1, p.day);
    return d.getTime();
  };
  const days = Math.round((utc(end) - utc(start)) / 86_400_000) + 1;
  return Math.max(0, days);
}

function queryDate(message: string) {
  return z
    .string({ error: message })
    .max(10, { error: message })
    .refine(isCalendarDate, { error: message });
}

export const CalendarQuerySchema = z
  .object({ from: queryDate(CALENDAR_MESSAGES.from), to: queryDate(CALENDAR_MESSAGES.to) })
  .superRefine((query, context) => {
    if (!isCalendarDate(query.from) || !isCalendarDate(query.to)) return;
    if (query.to < query.from) {
      context.addIssue({ code: "custom", path: ["to"], message: CALENDAR_MESSAGES.order });
    } else if (daysInSpan(query.from, query.to) > CALENDAR_MAX_DAYS) {
      context.addIssue({ code: "custom", path: ["to"], message: CALENDAR_MESSAGES.span });
    }
  });
export type CalendarQuery = z.output<typeof CalendarQuerySchema>;

/** One appointment in a calendar cell: no contact details, no message. */
export const CalendarAppointmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  service: z.string(),
  date: z.string(),
  time: z.string(),
  /** One of APPOINTMENT_STATUSES (every status is shown; called-off ones look different). */
  status: z.string(),
});
export type CalendarAppointment = z.output<typeof CalendarAppointmentSchema>;

/**
 * A closed day or hours from Settings on the staff calendar (issue 27 §4); `from`/`to` are
 * null for a whole day. Federal holidays are closed by rule (federalHolidayName).
 */
export const CalendarClosureSchema = z.object({
  date: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string(),
});
export type CalendarClosure = z.output<typeof CalendarClosureSchema>;

export const CalendarSchema = z.object({
  success: z.literal(true),
  from: z.string(),
  to: z.string(),
  /** Live appointments of the span, by date and then slot (9:00 AM first). */
  data: z.array(CalendarAppointmentSchema),
  /** The span's closed days and hours, by date (whole days first). */
  closures: z.array(CalendarClosureSchema),
});
export type Calendar = z.output<typeof CalendarSchema>;

export const TodayScheduleSchema = z.object({
  success: z.literal(true),
  /** Today on the agency's (Central) calendar, by the server's clock. */
  today: z.string(),
  data: z.array(CalendarAppointmentSchema),
});
export type TodaySchedule = z.output<typeof TodayScheduleSchema>;

/**
 * Statuses of an appointment that will not take place as booked. Named as text, not taken
 * from APPOINTMENT_STATUSES, so a status that is not (yet) in the list costs nothing.
 */
export const CALLED_OFF_STATUSES: readonly string[] = ["cancelled", "rescheduled", "no-show"];

export function isCalledOff(status: string): boolean {
  return CALLED_OFF_STATUSES.includes(status);
}

/** The slot's place in the day (unknown times after the nine slots). */
export function slotIndex(time: string): number {
  return isTimeSlot(time) ? TIME_SLOTS.indexOf(time) : TIME_SLOTS.length;
}

/**
 * By date, then by slot ("01:00 PM" after "09:00 AM", which text order gets wrong), then
 * by id so the order is total.
 */
export function compareCalendarAppointments(
  a: Pick<CalendarAppointment, "_id" | "date" | "time">,
  b: Pick<CalendarAppointment, "_id" | "date" | "time">,
): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  const bySlot = slotIndex(a.time) - slotIndex(b.time);
  if (bySlot !== 0) return bySlot;
  if (a.time !== b.time) return a.time < b.time ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

export const CALENDAR_MODES = ["week", "day"] as const;
export type CalendarMode = (typeof CALENDAR_MODES)[number];

/** The agency is closed at weekends: a week on the calendar is Monday to Friday. */
export const CALENDAR_WEEK_DAYS = 5;

/**
 * The Monday of the working week a date belongs to. Saturday and Sunday look ahead to the
 * next week (on a weekend, staff plan the coming days).
 */
export function mondayOf(date: CalendarDate): CalendarDate {
  const parts = parseCalendarDate(date);
  if (!parts) return date;
  const weekday = dayOfWeek(parts); // 0 Sunday … 6 Saturday
  const back = { 0: -1, 6: -2 }[weekday] ?? weekday - 1;
  return formatCalendarDate(addDays(parts, -back));
}

export function shiftDate(date: CalendarDate, days: number): CalendarDate {
  const parts = parseCalendarDate(date);
  return parts ? formatCalendarDate(addDays(parts, days)) : date;
}

/** The days a calendar page shows: Monday to Friday of the date's week, or the day itself. */
export function calendarDays(mode: CalendarMode, date: CalendarDate): CalendarDate[] {
  if (mode === "day") return [date];
  const monday = mondayOf(date);
  return Array.from({ length: CALENDAR_WEEK_DAYS }, (_, i) => shiftDate(monday, i));
}

/**
 * The date Previous/Next go to: a week on (always a Monday), or the next weekday (a day
 * view skips Saturday and Sunday, when the agency is closed).
 */
export function stepCalendar(mode: CalendarMode, date: CalendarDate, direction: 1 | -1) {
  if (mode === "week") return shiftDate(mondayOf(date), 7 * direction);
  let next = shiftDate(date, direction);
  for (let i = 0; i < 2 && isWeekendDate(next); i++) next = shiftDate(next, direction);
  return next;
}

function isWeekendDate(date: CalendarDate): boolean {
  const parts = parseCalendarDate(date);
  if (!parts) return false;
  const weekday = dayOfWeek(parts);
  return weekday === 0 || weekday === 6;
}

const zoneName = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  timeZoneName: "short",
});

/**
 * "CST" or "CDT": the Central zone's name at noon of that day. Clocks change on a Sunday
 * at 2 AM, so the slots of a Monday-to-Friday week never straddle a change.
 */
export function centralZoneAbbreviation(date: CalendarDate): string {
  const parts = parseCalendarDate(date);
  if (!parts) return "CT";
  const noon = new Date(0);
  noon.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  noon.setUTCHours(18, 0, 0, 0);
  const name = zoneName.formatToParts(noon).find((part) => part.type === "timeZoneName")?.value;
  return name === "CST" || name === "CDT" ? name : "CT";
}
