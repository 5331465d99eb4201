import { AGENCY } from "../agency.ts";
import {
  addDays,
  type CalendarDate,
  formatCalendarDate,
  isWeekend,
  parseCalendarDate,
} from "../calendar-date.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { formatPhone } from "../phone.ts";
import { AGENCY_TIME_ZONE, agencyWallTimeToInstant, readAgencyWallClock } from "../time-zone.ts";
import { isTimeSlot, slotStartMinutes } from "./options.ts";

/**
 * Reminders (issue 15 §2, decision 0036): the visitor's email a day before the
 * appointment, and the agency's list of the next business day at the end of each one.
 */

/** The visitor's reminder is due this long before the appointment starts (elapsed time). */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** The agency's list of the next business day goes out at this hour (Central). */
export const AGENCY_DAY_LIST_HOUR = 17;

/** The instant an appointment starts, or undefined for a date or slot that is not one. */
export function appointmentStartsAt(date: string, time: string): Date | undefined {
  const parts = parseCalendarDate(date);
  if (!parts || !isTimeSlot(time)) return undefined;
  return agencyWallTimeToInstant(parts, slotStartMinutes(time));
}

/**
 * Whether the visitor's reminder is due at `now`: from 24 hours before the start until the
 * start (a late reminder, after an outage, still helps; one after the start does not).
 * An appointment booked less than 24 hours ahead gets none: its confirmation has just gone
 * out and says the same.
 */
export function isReminderDue(
  appointment: { date: string; time: string; createdAt: string },
  now: Date,
): boolean {
  const start = appointmentStartsAt(appointment.date, appointment.time);
  if (!start) return false;
  const dueAt = start.getTime() - REMINDER_LEAD_MS;
  const bookedAt = Date.parse(appointment.createdAt);
  if (Number.isNaN(bookedAt) || bookedAt > dueAt) return false;
  return now.getTime() >= dueAt && now.getTime() < start.getTime();
}

// Built once: creating an Intl formatter costs far more than formatting with it.
const agencyWhenFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
  timeZoneName: "short",
});

type WhenParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function whenParts(instant: Date): WhenParts {
  const parts: WhenParts = {};
  for (const part of agencyWhenFormat.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** "9:00 AM" at an instant, on the agency's clock. */
function clockTime(parts: WhenParts): string {
  return `${parts.hour}:${parts.minute} ${(parts.dayPeriod ?? "").toUpperCase()}`;
}

/**
 * "Monday, November 2, 2026 at 9:00 AM Central time (CST)": the agency's clock with the
 * zone named, CST or CDT as it will be on that day (not as it is when the mail is sent).
 */
export function formatAgencyWhen(instant: Date): string {
  const p = whenParts(instant);
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year} at ${clockTime(p)} Central time (${p.timeZoneName})`;
}

/** "Monday, November 2, 2026" for a calendar date, whatever the process's zone. */
export function formatLongDate(date: CalendarDate): string {
  const parts = parseCalendarDate(date);
  if (!parts) return date;
  const p = whenParts(agencyWallTimeToInstant(parts, 12 * 60));
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
}

/** A weekday that is not a federal holiday (observed): the office is open. */
export function isAgencyBusinessDay(date: CalendarDate): boolean {
  return parseCalendarDate(date) !== undefined && !isWeekend(date) && !federalHolidayName(date);
}

function businessDayFrom(date: CalendarDate, step: 1 | -1): CalendarDate {
  let parts = parseCalendarDate(date);
  if (!parts) throw new Error(`not a calendar date: ${date}`);
  // Weekends and holidays never add up to more than a few days in a row.
  for (let i = 0; i < 14; i += 1) {
    parts = addDays(parts, step);
    const next = formatCalendarDate(parts);
    if (isAgencyBusinessDay(next)) return next;
  }
  throw new Error(`no business day within two weeks of ${date}`);
}

/** The first business day after `date`. */
export function nextAgencyBusinessDay(date: CalendarDate): CalendarDate {
  return businessDayFrom(date, 1);
}

/**
 * The day whose agency list is due at `now`, or undefined. A business day's list (of the
 * next business day) is due from 5 PM Central until that next day begins: after an outage
 * over a weekend it still goes out on the Saturday; once the listed day has begun it is too
 * late to be a preview and is not sent.
 */
export function dueAgencyDayList(now: Date): CalendarDate | undefined {
  const clock = readAgencyWallClock(now);
  const today = clock.date;
  const isTodayClosed = !isAgencyBusinessDay(today) || clock.hour < AGENCY_DAY_LIST_HOUR;
  // The latest business day whose 5 PM has passed.
  const sentOn = isTodayClosed ? businessDayFrom(today, -1) : today;
  const listed = nextAgencyBusinessDay(sentOn);
  return listed > today ? listed : undefined;
}

/** Wording of the visitor's reminder; nothing the visitor typed is repeated. */
export const REMINDER_MESSAGES = {
  subject: (start: Date) => {
    const p = whenParts(start);
    return `Reminder: your appointment with ${AGENCY.name} on ${p.weekday}, ${p.month} ${p.day} at ${clockTime(p)}`;
  },
  text: (appointment: { service: string }, start: Date) =>
    [
      "Hello,",
      "",
      `This is a reminder of your ${appointment.service} consultation with ${AGENCY.name}`,
      `on ${formatAgencyWhen(start)},`,
      `at our office, ${AGENCY.address.singleLine}.`,
      "",
      "To change or cancel it, use the link in your confirmation email,",
      `or call us at ${AGENCY.phone}.`,
      "If you did not book this, you can ignore this email.",
      "",
      AGENCY.name,
    ].join("\n"),
} as const;

export type AgencyDayListItem = { name: string; time: string; service: string; phone: string };

/** Wording of the agency's list of one day's appointments, in the order of their times. */
export const AGENCY_DAY_LIST_MESSAGES = {
  none: "No appointments",
  subject: (date: CalendarDate, count: number) =>
    count === 0
      ? `No appointments on ${formatLongDate(date)}`
      : `${count} ${count === 1 ? "appointment" : "appointments"} on ${formatLongDate(date)}`,
  text: (date: CalendarDate, items: readonly AgencyDayListItem[]) => {
    const sorted = [...items].sort((a, b) => slotMinutes(a.time) - slotMinutes(b.time));
    const lines = sorted.map(
      (item) =>
        `${shortSlot(item.time)}  ${item.name}, ${item.service}, ${formatPhone(item.phone)}`,
    );
    return [
      `Appointments on ${formatLongDate(date)} (Central time):`,
      "",
      ...(lines.length > 0 ? lines : [`${AGENCY_DAY_LIST_MESSAGES.none}.`]),
    ].join("\n");
  },
} as const;

function slotMinutes(time: string): number {
  return isTimeSlot(time) ? slotStartMinutes(time) : Number.MAX_SAFE_INTEGER;
}

/** "09:00 AM" → "9:00 AM" (the house style for times). */
export function shortSlot(time: string): string {
  return time.replace(/^0/, "");
}
