import {
  addDays,
  type CalendarDate,
  formatCalendarDate,
  isWeekend,
  parseCalendarDate,
} from "../calendar-date.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { todayInAgencyZone } from "../time-zone.ts";

/** A business day: not a Saturday or Sunday, not a federal holiday, not a whole-day closure. */
export function isServiceBusinessDay(
  date: CalendarDate,
  closedDays: ReadonlySet<CalendarDate>,
): boolean {
  return !isWeekend(date) && federalHolidayName(date) === undefined && !closedDays.has(date);
}

/**
 * When a request is due (issue 29 §2): the `days`-th business day after the Central day it
 * arrived on. Friday's request with one day is due Monday; Saturday's too; a Wednesday's
 * before Thanksgiving is due Friday.
 */
export function serviceDueOn(
  arrival: Date,
  days: number,
  closedDays: ReadonlySet<CalendarDate> = new Set(),
): CalendarDate {
  const start = parseCalendarDate(todayInAgencyZone(arrival));
  if (!start) throw new Error("arrival is not a date");
  let day = start;
  let counted = 0;
  // A year of closures could not hold it back further than this.
  for (let step = 0; step < 800 && counted < days; step += 1) {
    day = addDays(day, 1);
    if (isServiceBusinessDay(formatCalendarDate(day), closedDays)) counted += 1;
  }
  return formatCalendarDate(day);
}

/** How far ahead a due date can be: the calendar days whose closures the rule must know. */
export function serviceDueWindowDays(days: number): number {
  return days * 7 + 30;
}

/** Where a request stands against its due date on `today` (Central): due, overdue or later. */
export function serviceDueState(
  dueOn: CalendarDate,
  today: CalendarDate,
): "overdue" | "due-today" | "later" {
  if (dueOn < today) return "overdue";
  return dueOn === today ? "due-today" : "later";
}
