import {
  addDays,
  type CalendarDate,
  type CalendarDateParts,
  dayOfWeek,
  formatCalendarDate,
  parseCalendarDate,
} from "../calendar-date.ts";
import { agencyWallTimeToInstant, readAgencyWallClock } from "../time-zone.ts";

/** The "received" presets of every lead list, on the agency's (Central) calendar. */
export const RECEIVED_PRESETS = ["today", "this-week", "last-30-days"] as const;
export type ReceivedPreset = (typeof RECEIVED_PRESETS)[number];

export const RECEIVED_LABELS: Record<ReceivedPreset | "custom", string> = {
  today: "Today",
  "this-week": "This week",
  "last-30-days": "Last 30 days",
  custom: "Custom range",
};

export const RECEIVED_MESSAGES = {
  preset: "received must be today, this-week or last-30-days",
  from: "from must be a date (YYYY-MM-DD)",
  to: "to must be a date (YYYY-MM-DD)",
  order: "from must be on or before to",
  both: "Choose received or a from/to range, not both",
} as const;

/** A date filter as the list's query string carries it. */
export type ReceivedFilter = { received?: ReceivedPreset; from?: CalendarDate; to?: CalendarDate };

/** Inclusive Central calendar days; either end open when absent. */
export type ReceivedDays = { from?: CalendarDate; to?: CalendarDate };

/**
 * The UTC instant a Central calendar day begins. Midnight always exists in Chicago (the
 * clocks change at 2 AM), so this is exact; two passes settle the offset of that day,
 * whether CST, CDT or an older one.
 */
export function agencyDayStart(date: CalendarDateParts): Date {
  return agencyWallTimeToInstant(date, 0);
}

/** The Central days a filter covers at `now`: a preset ends today; a range is as given. */
export function receivedDays(filter: ReceivedFilter, now: Date): ReceivedDays {
  if (!filter.received) {
    return {
      ...(filter.from ? { from: filter.from } : {}),
      ...(filter.to ? { to: filter.to } : {}),
    };
  }
  const todayText = readAgencyWallClock(now).date;
  const today = parseCalendarDate(todayText);
  if (!today) return {};
  const back = {
    today: 0,
    // Weeks begin on Sunday, as on a US calendar.
    "this-week": dayOfWeek(today),
    "last-30-days": 29,
  }[filter.received];
  return { from: formatCalendarDate(addDays(today, -back)), to: todayText };
}

/**
 * The `created_at` bounds of a filter: `start` inclusive, `end` exclusive, as ISO UTC
 * strings (the stored form), so a database compares text and needs no time zone.
 */
export function receivedBounds(
  filter: ReceivedFilter,
  now: Date,
): { start?: string; end?: string } {
  const days = receivedDays(filter, now);
  const from = days.from ? parseCalendarDate(days.from) : undefined;
  const to = days.to ? parseCalendarDate(days.to) : undefined;
  const after = to ? addDays(to, 1) : undefined;
  return {
    ...(from ? { start: agencyDayStart(from).toISOString() } : {}),
    // Past 9999-12-31 no ISO text compares as later, and nothing is that late: no end.
    ...(after && after.year <= 9999 ? { end: agencyDayStart(after).toISOString() } : {}),
  };
}

/** The first problem with a filter's combination of fields (each field is checked by the schema). */
export function receivedFilterProblem(filter: ReceivedFilter): string | undefined {
  if (filter.received && (filter.from || filter.to)) return RECEIVED_MESSAGES.both;
  if (filter.from && filter.to && filter.from > filter.to) return RECEIVED_MESSAGES.order;
  return undefined;
}

/** How many Central days the overview's period spans (its cards, chart and report). */
export const OVERVIEW_PERIOD_DAYS = 30;

/**
 * The one period every figure of the overview counts (issue 27 §4, decision 0065): the last
 * OVERVIEW_PERIOD_DAYS Central calendar days, today included (the lists' "Last 30 days"),
 * and as many days before them for the trend. `bounds` holds each day's first instant and,
 * last, tomorrow's: day i is [bounds[i], bounds[i + 1]). Instants are ISO UTC strings.
 * Null only for a clock past the calendar's range.
 */
export function overviewPeriod(now: Date): {
  days: CalendarDate[];
  bounds: string[];
  start: string;
  end: string;
  previousStart: string;
} | null {
  const today = parseCalendarDate(readAgencyWallClock(now).date);
  if (!today) return null;
  const parts = Array.from({ length: OVERVIEW_PERIOD_DAYS + 1 }, (_, i) =>
    addDays(today, i + 1 - OVERVIEW_PERIOD_DAYS),
  );
  const bounds = parts.map((day) => agencyDayStart(day).toISOString());
  return {
    days: parts.slice(0, -1).map(formatCalendarDate),
    bounds,
    start: bounds[0] as string,
    end: bounds.at(-1) as string,
    previousStart: agencyDayStart(addDays(today, 1 - 2 * OVERVIEW_PERIOD_DAYS)).toISOString(),
  };
}
