import * as z from "zod";
import {
  addDays,
  type CalendarDate,
  daysInMonth,
  formatCalendarDate,
  isCalendarDate,
  parseCalendarDate,
} from "../calendar-date.ts";
import { MAX_LIST_OFFSET } from "../lead/api.ts";
import {
  CARRIER_MAX_LENGTH,
  LINE_OF_BUSINESS_LABELS,
  LINES_OF_BUSINESS,
  type LineOfBusiness,
  MAX_PREMIUM_CENTS,
  POLICY_MESSAGES,
  POLICY_NUMBER_MAX_LENGTH,
  POLICY_STATUSES,
  POLICY_YEARS,
  parsePremiumCents,
  RENEWAL_STATES,
} from "../policy/policy.ts";
// Also sets zod's browser configuration before any schema here is built (schema-helpers.ts).
import { requiredText } from "../schema-helpers.ts";

/**
 * Renewals and X-dates (issue 28 §2, decision 0073): the rules live here once, for the
 * server and the web pages.
 */

/** The states staff set by hand; "renewed" comes only with renewing. */
export const SETTABLE_RENEWAL_STATES = ["not-started", "re-marketing", "lost"] as const;
export type SettableRenewalState = (typeof SETTABLE_RENEWAL_STATES)[number];

/** The renewals page's windows, in days from today (Central). */
export const RENEWAL_WINDOWS = [30, 60, 90] as const;
export type RenewalWindow = (typeof RENEWAL_WINDOWS)[number];
export const DEFAULT_RENEWAL_WINDOW: RenewalWindow = 30;
export const RENEWALS_PAGE = 50;
export const MAX_RENEWALS_PAGE = 100;

/** The renewal task is made this many days before a term's expiration (Settings). */
export const DEFAULT_RENEWAL_TASK_DAYS = 45;
export const RENEWAL_TASK_DAYS_RANGE = { min: 1, max: 365 } as const;
/** An X-date's task is due this many days before it. */
export const X_DATE_LEAD_DAYS = 60;
/** Renewal and X-date tasks are due at 9:00 AM Central on their day. */
export const RENEWAL_TASK_TIME = "09:00";

export const RENEWAL_MESSAGES = {
  windowInvalid: `window must be one of ${RENEWAL_WINDOWS.join(", ")}`,
  limitInvalid: `limit must be 1 to ${MAX_RENEWALS_PAGE}`,
  offsetInvalid: `offset must be 0 to ${MAX_LIST_OFFSET}`,
  stateInvalid: `state must be one of ${SETTABLE_RENEWAL_STATES.join(", ")}`,
  alreadyRenewed: "This policy was already renewed",
  cannotRenew: (status: string) =>
    `A ${status === "cancelled" ? "canceled" : status} policy cannot be renewed`,
  stateNotActive: "Only an active policy's renewal can be re-marketed or lost",
  stateRenewed: "This policy was renewed: its renewal state cannot change",
  taskDaysRequired: "Enter the number of days",
  taskDaysInvalid: `Enter a whole number of days from ${RENEWAL_TASK_DAYS_RANGE.min} to ${RENEWAL_TASK_DAYS_RANGE.max}`,
  taskDaysSaved: (days: number) =>
    `Saved. Renewal tasks are made ${days} ${days === 1 ? "day" : "days"} before expiration.`,
  xDateInvalid: "Enter the X-date as YYYY-MM-DD",
  xDateCarrierRequired: "Enter the current carrier",
  xDateNotLost: "An X-date is recorded only on a lost lead",
  leadNotFound: "Lead not found",
} as const;

/** A renewal task's words: "Renewal: <carrier> <line> <number> expires <date>". */
export function renewalTaskText(policy: {
  carrier: string;
  lineOfBusiness: string;
  policyNumber: string;
  expirationDate: string;
}): string {
  const line = LINE_OF_BUSINESS_LABELS[policy.lineOfBusiness as LineOfBusiness] ?? "";
  return `Renewal: ${policy.carrier} ${line} ${policy.policyNumber} expires ${policy.expirationDate}`;
}

/** An X-date's task's words. */
export function xDateTaskText(carrier: string, xDate: string): string {
  return `X-date: policy with ${carrier} renews ${xDate}`;
}

function shiftDays(date: CalendarDate, days: number): CalendarDate {
  const parts = parseCalendarDate(date);
  if (!parts) throw new Error(`not a calendar date: ${date}`);
  return formatCalendarDate(addDays(parts, days));
}

/** The same month and day in `year`; Feb 29 is Feb 28 in a year without one. */
function inYear(date: CalendarDate, year: number): CalendarDate {
  const parts = parseCalendarDate(date);
  if (!parts) throw new Error(`not a calendar date: ${date}`);
  return formatCalendarDate({
    year,
    month: parts.month,
    day: Math.min(parts.day, daysInMonth(year, parts.month)),
  });
}

/** The first day the renewal task of a term expiring on `expiration` is due. */
export function renewalTaskDay(expiration: CalendarDate, days: number): CalendarDate {
  return shiftDays(expiration, -days);
}

/**
 * When an X-date's task is due: X_DATE_LEAD_DAYS before the X-date; when that day has
 * passed (before `today`), before the next year's X-date (the same day a year on, Feb 29
 * as Feb 28 in a common year), and so on. Answers the X-date it counts from and the day.
 */
export function xDateTaskDay(
  xDate: CalendarDate,
  today: CalendarDate,
): { xDate: CalendarDate; taskDay: CalendarDate } {
  const parts = parseCalendarDate(xDate);
  if (!parts) throw new Error(`not a calendar date: ${xDate}`);
  let year = parts.year;
  for (;;) {
    const next = year === parts.year ? xDate : inYear(xDate, year);
    const taskDay = shiftDays(next, -X_DATE_LEAD_DAYS);
    if (taskDay >= today) return { xDate: next, taskDay };
    year += 1;
  }
}

export const RenewalsQuerySchema = z.object({
  window: z.coerce
    .number({ error: RENEWAL_MESSAGES.windowInvalid })
    .refine((value) => (RENEWAL_WINDOWS as readonly number[]).includes(value), {
      error: RENEWAL_MESSAGES.windowInvalid,
    })
    .default(DEFAULT_RENEWAL_WINDOW),
  limit: z.coerce
    .number({ error: RENEWAL_MESSAGES.limitInvalid })
    .int(RENEWAL_MESSAGES.limitInvalid)
    .min(1, RENEWAL_MESSAGES.limitInvalid)
    .max(MAX_RENEWALS_PAGE, RENEWAL_MESSAGES.limitInvalid)
    .default(RENEWALS_PAGE),
  offset: z.coerce
    .number({ error: RENEWAL_MESSAGES.offsetInvalid })
    .int(RENEWAL_MESSAGES.offsetInvalid)
    .min(0, RENEWAL_MESSAGES.offsetInvalid)
    .max(MAX_LIST_OFFSET, RENEWAL_MESSAGES.offsetInvalid)
    .default(0),
});
export type RenewalsQuery = z.output<typeof RenewalsQuerySchema>;

/** One row of the renewals page. */
export const RenewalRowSchema = z.object({
  _id: z.string(),
  person: z.object({ _id: z.string(), name: z.string() }).nullable(),
  policyNumber: z.string(),
  carrier: z.string(),
  lineOfBusiness: z.enum(LINES_OF_BUSINESS),
  effectiveDate: z.string(),
  termMonths: z.number(),
  expirationDate: z.string(),
  annualPremiumCents: z.number().int(),
  producer: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** "expired" when active and past its expiration without a renewal (decision 0073). */
  status: z.enum(POLICY_STATUSES),
  renewalState: z.enum(RENEWAL_STATES),
  /** The next term's id once renewed. */
  renewedBy: z.string().nullable(),
});
export type RenewalRow = z.output<typeof RenewalRowSchema>;

export const RenewalsPageSchema = z.object({
  success: z.literal(true),
  data: z.array(RenewalRowSchema),
  /** How many policies expire in the window (every page). */
  total: z.number(),
  /** The window's days, Central: from today to today + window. */
  from: z.string(),
  to: z.string(),
});
export type RenewalsPage = z.output<typeof RenewalsPageSchema>;

export const RenewalStateChangeSchema = z.object({
  state: z.enum(SETTABLE_RENEWAL_STATES, { error: RENEWAL_MESSAGES.stateInvalid }),
});
export type RenewalStateChange = z.output<typeof RenewalStateChangeSchema>;

const isPolicyYear = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= POLICY_YEARS.first && year <= POLICY_YEARS.last;
};
const policyDate = (message: string) =>
  z
    .string({ error: message })
    .refine(isCalendarDate, { error: message, abort: true })
    .refine(isPolicyYear, { error: POLICY_MESSAGES.dateOutOfRange });

const premium = z
  .union([z.string(), z.number()], { error: POLICY_MESSAGES.premiumRequired })
  .transform((value, context) => {
    const cents = parsePremiumCents(typeof value === "number" ? String(value) : value);
    if (cents === undefined || Number.isNaN(cents)) {
      context.addIssue({ code: "custom", message: POLICY_MESSAGES.premiumInvalid });
      return z.NEVER;
    }
    if (cents > MAX_PREMIUM_CENTS) {
      context.addIssue({ code: "custom", message: POLICY_MESSAGES.premiumTooLarge });
      return z.NEVER;
    }
    if (cents === 0) {
      context.addIssue({ code: "custom", message: POLICY_MESSAGES.premiumZero });
      return z.NEVER;
    }
    return cents;
  });

/**
 * Renewing a term: the next term is prefilled from it (effective on its expiration, the
 * same term, premium, number, producer); the body may change the premium, number and dates.
 */
export const RenewPolicySchema = z
  .object({
    policyNumber: requiredText(
      POLICY_MESSAGES.numberRequired,
      POLICY_NUMBER_MAX_LENGTH,
      POLICY_MESSAGES.numberTooLong,
    ).optional(),
    effectiveDate: policyDate(POLICY_MESSAGES.effectiveInvalid).optional(),
    expirationDate: policyDate(POLICY_MESSAGES.expirationInvalid).optional(),
    annualPremium: premium.optional(),
  })
  .default({})
  .refine(
    (body) =>
      body.effectiveDate === undefined ||
      body.expirationDate === undefined ||
      body.expirationDate > body.effectiveDate,
    { error: POLICY_MESSAGES.expirationBeforeEffective, path: ["expirationDate"] },
  );
export type RenewPolicy = z.output<typeof RenewPolicySchema>;

export const RenewalTaskDaysSchema = z.object({
  days: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? RENEWAL_MESSAGES.taskDaysRequired
          : RENEWAL_MESSAGES.taskDaysInvalid,
    })
    .int(RENEWAL_MESSAGES.taskDaysInvalid)
    .min(RENEWAL_TASK_DAYS_RANGE.min, RENEWAL_MESSAGES.taskDaysInvalid)
    .max(RENEWAL_TASK_DAYS_RANGE.max, RENEWAL_MESSAGES.taskDaysInvalid),
});
export type RenewalTaskDays = z.output<typeof RenewalTaskDaysSchema>;

export const RenewalSettingsSchema = z.object({
  success: z.literal(true),
  data: z.object({ days: z.number().int(), updatedAt: z.string().nullable() }),
});

/** A lost lead's current carrier and its renewal date (the X-date). */
export const XDateSchema = z.object({
  carrier: requiredText(
    RENEWAL_MESSAGES.xDateCarrierRequired,
    CARRIER_MAX_LENGTH,
    POLICY_MESSAGES.carrierTooLong,
  ),
  xDate: z
    .string({ error: RENEWAL_MESSAGES.xDateInvalid })
    .refine(isCalendarDate, { error: RENEWAL_MESSAGES.xDateInvalid, abort: true })
    .refine(isPolicyYear, { error: POLICY_MESSAGES.dateOutOfRange }),
});
export type XDateInput = z.input<typeof XDateSchema>;
export type XDate = z.output<typeof XDateSchema>;

export const XDateRecordSchema = z.object({
  carrier: z.string(),
  xDate: z.string(),
  /** The open (or done) task made for it, and when it is due. */
  task: z.object({ _id: z.string(), dueAt: z.string(), done: z.boolean() }).nullable(),
  updatedAt: z.string(),
});
export type XDateRecord = z.output<typeof XDateRecordSchema>;
export const XDateAnswerSchema = z.object({
  success: z.literal(true),
  data: XDateRecordSchema.nullable(),
});
