import * as z from "zod";
import {
  addDays,
  type CalendarDate,
  daysInMonth,
  formatCalendarDate,
  isCalendarDate,
  parseCalendarDate,
} from "../calendar-date.ts";

import { agencyDayStart } from "../lead/received.ts";
import { LEAD_SOURCE_LABELS, type LeadSource } from "../lead-entry/schema.ts";
import { readAgencyWallClock } from "../time-zone.ts";

/**
 * Figures from the records (issue 28 §3, decision 0074), for a period of Central calendar
 * days. Leads are counted by arrival (a cohort): leads in, quotes, and of those the ones
 * won and lost by now; conversion = won ÷ (won + lost). Policies are counted by issue
 * (created_at) with their annual premium in cents; retention = renewed ÷ up for renewal
 * (expiring in the period, not cancelled before it).
 */
export const REPORT_PRESETS = ["this-month", "last-month", "this-year", "last-year"] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "this-year": "This year",
  "last-year": "Last year",
};

/** The longest period one report covers (about ten years). */
export const REPORT_MAX_DAYS = 3700;

export const REPORT_MESSAGES = {
  from: "from must be a date (YYYY-MM-DD)",
  to: "to must be a date (YYYY-MM-DD)",
  order: "from must be on or before to",
  tooLong: `A report covers at most ${REPORT_MAX_DAYS} days`,
  preset: `preset must be one of ${REPORT_PRESETS.join(", ")}`,
  both: "Choose a preset or a from/to range, not both",
  loadFailed: "The report could not be loaded. Please try again.",
} as const;

/** The Central days of a preset at `now` (inclusive; this month and this year end today). */
export function presetPeriod(
  preset: ReportPreset,
  now: Date,
): { from: CalendarDate; to: CalendarDate } {
  const today = readAgencyWallClock(now).date;
  const parts = parseCalendarDate(today) ?? { year: 1970, month: 1, day: 1 };
  const { year, month } = parts;
  switch (preset) {
    case "this-month":
      return { from: formatCalendarDate({ year, month, day: 1 }), to: today };
    case "last-month": {
      const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
      return {
        from: formatCalendarDate({ ...previous, day: 1 }),
        to: formatCalendarDate({ ...previous, day: daysInMonth(previous.year, previous.month) }),
      };
    }
    case "this-year":
      return { from: formatCalendarDate({ year, month: 1, day: 1 }), to: today };
    case "last-year":
      return {
        from: formatCalendarDate({ year: year - 1, month: 1, day: 1 }),
        to: formatCalendarDate({ year: year - 1, month: 12, day: 31 }),
      };
  }
}

/** The days between two calendar dates, both counted. */
export function periodDays(from: CalendarDate, to: CalendarDate): number {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  if (!a || !b) return 0;
  const utc = (p: { year: number; month: number; day: number }) => {
    const d = new Date(0);
    d.setUTCFullYear(p.year, p.month - 1, p.day);
    return d.getTime();
  };
  return Math.round((utc(b) - utc(a)) / 86_400_000) + 1;
}

/** The created_at bounds of a period (start inclusive, end exclusive), ISO UTC. */
export function periodBounds(from: CalendarDate, to: CalendarDate): { start: string; end: string } {
  const first = parseCalendarDate(from);
  const last = parseCalendarDate(to);
  if (!first || !last) throw new Error(`not a period: ${from}..${to}`);
  return {
    start: agencyDayStart(first).toISOString(),
    end: agencyDayStart(addDays(last, 1)).toISOString(),
  };
}

const queryDate = (message: string) =>
  z.string({ error: message }).refine(isCalendarDate, { error: message });

export const ReportQuerySchema = z
  .object({
    preset: z.enum(REPORT_PRESETS, { error: REPORT_MESSAGES.preset }).optional(),
    from: queryDate(REPORT_MESSAGES.from).optional(),
    to: queryDate(REPORT_MESSAGES.to).optional(),
  })
  .superRefine((query, ctx) => {
    if (query.preset && (query.from || query.to)) {
      ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.both, path: ["preset"] });
      return;
    }
    if (!query.from || !query.to) return;
    if (query.from > query.to) {
      ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.order, path: ["from"] });
    } else if (periodDays(query.from, query.to) > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: "custom", message: REPORT_MESSAGES.tooLong, path: ["to"] });
    }
  });
export type ReportQuery = z.output<typeof ReportQuerySchema>;

/**
 * The period a query asks for at `now`: a preset, or from/to (a missing end is the other
 * end's month: from alone runs to today, to alone starts its month), else this month.
 */
export function reportPeriod(
  query: ReportQuery,
  now: Date,
): { from: CalendarDate; to: CalendarDate } {
  if (query.preset) return presetPeriod(query.preset, now);
  if (query.from && query.to) return { from: query.from, to: query.to };
  const today = readAgencyWallClock(now).date;
  if (query.from) return { from: query.from, to: query.from > today ? query.from : today };
  if (query.to) return { from: `${query.to.slice(0, 7)}-01`, to: query.to };
  return presetPeriod("this-month", now);
}

export const FiguresSchema = z.object({
  /** Live leads of every kind that arrived in the period. */
  leadsIn: z.number().int(),
  /** Of them, quote requests. */
  quotes: z.number().int(),
  /** Of the leads in, those Won and those Lost by now. */
  won: z.number().int(),
  lost: z.number().int(),
  /** won ÷ (won + lost), 0–1; null when none is decided. */
  conversionRate: z.number().nullable(),
  /** Of the leads in, how many staff have acted on. */
  responded: z.number().int(),
  /**
   * The median business time from arrival to the first response, in seconds of whole
   * business minutes (each lead's time counted down to its minute); null when none.
   */
  medianFirstResponseSeconds: z.number().nullable(),
  /** Policies issued in the period and their annual premium (integer cents, exact). */
  policiesIssued: z.number().int(),
  newPremiumCents: z.number().int(),
  /** Policies expiring in the period (not cancelled before), and of them those renewed. */
  upForRenewal: z.number().int(),
  renewed: z.number().int(),
  /** renewed ÷ up for renewal, 0–1; null when none was up. */
  retentionRate: z.number().nullable(),
});
export type Figures = z.output<typeof FiguresSchema>;

export const AgentFiguresSchema = z.object({
  /** The user's id; null for leads nobody is assigned and policies with no producer. */
  agentId: z.string().nullable(),
  name: z.string(),
  figures: FiguresSchema,
});
export type AgentFigures = z.output<typeof AgentFiguresSchema>;

export const SourceFiguresSchema = z.object({
  /** "web:<first touch source>", a staff source ("phone", …), "web:" (not recorded) or "none". */
  key: z.string(),
  /** LEAD_SOURCES' channel, or "none" for policies not issued from a lead. */
  channel: z.string(),
  /** The web first touch's source ("newsletter", "google.com", "direct"), "" otherwise. */
  source: z.string(),
  label: z.string(),
  figures: FiguresSchema,
});
export type SourceFigures = z.output<typeof SourceFiguresSchema>;

export const ReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  totals: FiguresSchema,
  byAgent: z.array(AgentFiguresSchema),
  bySource: z.array(SourceFiguresSchema),
});
export type Report = z.output<typeof ReportSchema>;

/** A ratio of counts, null without a base. */
export function rateOf(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** The median of numbers (the mean of the middle two for an even count); null for none. */
export function medianOf(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The median of values given as counts (value → how many), as medianOf of the values
 * written out would answer; null for none. A report's thousands of response times come as a
 * histogram of whole minutes.
 */
export function medianOfCounts(counts: ReadonlyMap<number, number>): number | null {
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const values = [...counts.keys()].sort((a, b) => a - b);
  // The values at 0-based positions lower and upper of the sorted list.
  const lower = Math.floor((total - 1) / 2);
  const upper = Math.floor(total / 2);
  let seen = 0;
  let low: number | undefined;
  for (const value of values) {
    seen += counts.get(value) ?? 0;
    if (low === undefined && seen > lower) low = value;
    if (seen > upper) return ((low ?? value) + value) / 2;
  }
  return low ?? null;
}

/** Every figure zero (a group with nothing in it yet). */
export function emptyFigures(): Figures {
  return {
    leadsIn: 0,
    quotes: 0,
    won: 0,
    lost: 0,
    conversionRate: null,
    responded: 0,
    medianFirstResponseSeconds: null,
    policiesIssued: 0,
    newPremiumCents: 0,
    upForRenewal: 0,
    renewed: 0,
    retentionRate: null,
  };
}

/** The report's key and label of a lead's source (none: a policy not issued from a lead). */
export function sourceKeyOf(
  channel: string | null,
  firstTouchSource: string | null,
): { key: string; channel: string; source: string; label: string } {
  if (channel === null) {
    return { key: "none", channel: "none", source: "", label: "Not from a lead" };
  }
  if (channel === "web") {
    const source = firstTouchSource ?? "";
    return {
      key: `web:${source}`,
      channel,
      source,
      label: source === "" ? "Website (not recorded)" : `Website: ${source}`,
    };
  }
  return {
    key: channel,
    channel,
    source: "",
    label: LEAD_SOURCE_LABELS[channel as LeadSource] ?? channel,
  };
}

/** "2 h 05 min", "45 min", "3 d 4 h" of business time; "—" for none. */
export function formatBusinessDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} h ${String(rest).padStart(2, "0")} min`;
}

/** "42.5%" of a 0–1 rate; "—" for none. */
export function formatRate(rate: number | null): string {
  if (rate === null) return "—";
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}
