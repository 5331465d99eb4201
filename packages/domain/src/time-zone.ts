import { type CalendarDate, type CalendarDateParts, parseCalendarDate } from "./calendar-date.ts";

/** The agency works on Central Time; every "today" and "has this slot passed" uses it. */
export const AGENCY_TIME_ZONE = "America/Chicago";

// hourCycle h23 gives 00-23; `hour12: false` gives "24" at midnight in some engines.
// Made at the first reading, not when the module loads: a format with a time zone costs a
// phone tens of milliseconds to set up, and pages load this module long before they read
// the clock (docs/performance.md).
let agencyClockFormat: Intl.DateTimeFormat | undefined;

function agencyClock(): Intl.DateTimeFormat {
  agencyClockFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: AGENCY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return agencyClockFormat;
}

/** The agency's wall clock at one instant. */
export interface AgencyWallClock {
  date: CalendarDate;
  hour: number;
  minute: number;
  second: number;
}

/** Reads the Chicago wall clock with Intl, never with the process time zone. */
export function readAgencyWallClock(now: Date): AgencyWallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of agencyClock().formatToParts(now)) parts[part.type] = part.value;
  return {
    date: `${(parts.year ?? "").padStart(4, "0")}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Today's date in Chicago as "YYYY-MM-DD". */
export function todayInAgencyZone(now: Date): CalendarDate {
  return readAgencyWallClock(now).date;
}

/**
 * An instant on the agency's clock with its UTC offset, "2026-11-24T09:05:00-06:00" (CSV
 * exports: a spreadsheet and a person both read the agency's time, and the offset keeps
 * it exact across daylight saving). Anything that is not a date comes back unchanged.
 */
export function formatAgencyTimestamp(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const wall = readAgencyWallClock(instant);
  const two = (n: number) => String(n).padStart(2, "0");
  const local = `${wall.date}T${two(wall.hour)}:${two(wall.minute)}:${two(wall.second)}`;
  const wholeSeconds = Math.floor(instant.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round((Date.parse(`${local}Z`) - wholeSeconds) / 60_000);
  const sign = offsetMinutes < 0 ? "-" : "+";
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/**
 * The instant the agency's wall clock shows `minutesAfterMidnight` on a Central calendar
 * day. Two passes settle that moment's offset (CST, CDT or an older one). Exact for every
 * time that exists exactly once: midnight and the office's hours always do (the clocks
 * change at 2 AM); a time skipped or repeated by a change gets one of its neighbours.
 */
export function agencyWallTimeToInstant(date: CalendarDateParts, minutesAfterMidnight = 0): Date {
  const asUtc = (parts: CalendarDateParts, hour: number, minute: number, second = 0) => {
    const instant = new Date(0);
    instant.setUTCFullYear(parts.year, parts.month - 1, parts.day);
    instant.setUTCHours(hour, minute, second, 0);
    return instant.getTime();
  };
  const wallAsUtc = (instant: number) => {
    const clock = readAgencyWallClock(new Date(instant));
    const parts = parseCalendarDate(clock.date) ?? date;
    return asUtc(parts, clock.hour, clock.minute, clock.second);
  };
  const guess = asUtc(date, Math.floor(minutesAfterMidnight / 60), minutesAfterMidnight % 60);
  let start = guess - (wallAsUtc(guess) - guess);
  start = guess - (wallAsUtc(start) - start);
  return new Date(start);
}
