import { AGENCY } from "../agency.ts";
import {
  addDays,
  type CalendarDate,
  dayOfWeek,
  formatCalendarDate,
  parseCalendarDate,
} from "../calendar-date.ts";
import type { OpeningHours } from "../derive-agency.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { agencyWallTimeToInstant, readAgencyWallClock } from "../time-zone.ts";

const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

const minutesOf = (time: string) => {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return hour * 60 + minute;
};

/**
 * The office's open interval on one Central day, as instants (ms), or undefined when the
 * office is closed: no hours for that weekday in the profile, or a federal holiday (the
 * same office days as the morning task list, decision 0067).
 */
export function officeIntervalOn(
  date: CalendarDate,
  openingHours: readonly OpeningHours[] = AGENCY.openingHours,
): OfficeInterval | undefined {
  // A report reads the same days for thousands of leads: each day is worked out once per
  // list of hours (the lists are the profile's, fixed for the process; tests pass their own).
  let days = intervalCache.get(openingHours);
  if (!days) {
    days = new Map();
    intervalCache.set(openingHours, days);
  }
  if (days.has(date)) return days.get(date) ?? undefined;
  if (days.size > 20_000) days.clear();
  const interval = computeOfficeInterval(date, openingHours);
  days.set(date, interval ?? null);
  return interval;
}

type OfficeInterval = { opens: number; closes: number };
const intervalCache = new WeakMap<
  readonly OpeningHours[],
  Map<CalendarDate, OfficeInterval | null>
>();

function computeOfficeInterval(
  date: CalendarDate,
  openingHours: readonly OpeningHours[],
): OfficeInterval | undefined {
  const parts = parseCalendarDate(date);
  if (!parts || federalHolidayName(date)) return undefined;
  const hours = openingHours.find((entry) => entry.day === DAY_NAMES[dayOfWeek(parts)]);
  if (!hours) return undefined;
  return {
    opens: agencyWallTimeToInstant(parts, minutesOf(hours.opens)).getTime(),
    closes: agencyWallTimeToInstant(parts, minutesOf(hours.closes)).getTime(),
  };
}

/** More than this many Central days apart counts the first this many only (a lead left for years). */
export const BUSINESS_HOURS_MAX_DAYS = 3660;

/**
 * The business time between two instants, in whole seconds (issue 28 §3, decision 0074):
 * only the office's opening hours in Central time count (the profile's hours per weekday;
 * nights, closed weekdays and federal holidays count nothing). Each day's hours are read
 * on that day's own offset, so a day that changes between CST and CDT counts its real
 * open hours. 0 when `to` is not after `from`.
 *
 * Invariants (property-tested): never negative, never more than the elapsed time, and
 * additive: (a, c) = (a, b) + (b, c) for a ≤ b ≤ c, to the second's rounding.
 */
export function businessSecondsBetween(
  from: Date,
  to: Date,
  openingHours: readonly OpeningHours[] = AGENCY.openingHours,
): number {
  return Math.floor(businessMillisecondsBetween(from, to, openingHours) / 1000);
}

/** businessSecondsBetween in milliseconds (exactly additive). */
export function businessMillisecondsBetween(
  from: Date,
  to: Date,
  openingHours: readonly OpeningHours[] = AGENCY.openingHours,
): number {
  const start = from.getTime();
  const end = to.getTime();
  if (!(end > start)) return 0;
  const first = parseCalendarDate(readAgencyWallClock(from).date);
  const last = readAgencyWallClock(to).date;
  if (!first) return 0;
  let total = 0;
  for (let offset = 0; offset <= BUSINESS_HOURS_MAX_DAYS; offset += 1) {
    const date = formatCalendarDate(addDays(first, offset));
    const open = officeIntervalOn(date, openingHours);
    if (open) {
      const overlap = Math.min(end, open.closes) - Math.max(start, open.opens);
      if (overlap > 0) total += overlap;
    }
    if (date >= last) break;
  }
  return total;
}
