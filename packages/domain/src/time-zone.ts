import type { CalendarDate } from "./calendar-date.ts";

/** The agency works on Central Time; every "today" and "has this slot passed" uses it. */
export const AGENCY_TIME_ZONE = "America/Chicago";

// hourCycle h23 gives 00-23; `hour12: false` gives "24" at midnight in some engines.
const agencyClockFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

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
  for (const part of agencyClockFormat.formatToParts(now)) parts[part.type] = part.value;
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
