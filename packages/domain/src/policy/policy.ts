import * as z from "zod";
import { PathIdSchema, RecordIdSchema } from "../api/params.ts";
import {
  type CalendarDate,
  daysInMonth,
  formatCalendarDate,
  isCalendarDate,
  parseCalendarDate,
} from "../calendar-date.ts";
// Also sets zod's browser configuration before any schema here is built (schema-helpers.ts).
import { optionalText, requiredText } from "../schema-helpers.ts";

/**
 * Policies (issue 28 §1, decision 0072): what the agency placed with a carrier for a
 * person. The rules live here once, for the server and the web form.
 */

/** Lines of business, in the order the form lists them. */
export const LINES_OF_BUSINESS = [
  "auto",
  "home",
  "renters",
  "condo",
  "motorcycle",
  "rv",
  "boat",
  "umbrella",
  "commercial-auto",
  "general-liability",
  "bop",
  "workers-comp",
  "other",
] as const;
export type LineOfBusiness = (typeof LINES_OF_BUSINESS)[number];

export const LINE_OF_BUSINESS_LABELS: Record<LineOfBusiness, string> = {
  auto: "Auto",
  home: "Home",
  renters: "Renters",
  condo: "Condo",
  motorcycle: "Motorcycle",
  rv: "RV",
  boat: "Boat",
  umbrella: "Umbrella",
  "commercial-auto": "Commercial auto",
  "general-liability": "General liability",
  bop: "Business owner's policy (BOP)",
  "workers-comp": "Workers' comp",
  other: "Other",
};

/** Where a policy stands. Issued policies start active; §2 adds expired and renewed. */
export const POLICY_STATUSES = [
  "active",
  "cancelled",
  "expired",
  "non-renewed",
  "renewed",
] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/** US spelling for readers (decision 0061); the identifier keeps "cancelled". */
export const POLICY_STATUS_LABELS: Record<PolicyStatus, string> = {
  active: "Active",
  cancelled: "Canceled",
  expired: "Expired",
  "non-renewed": "Non-renewed",
  renewed: "Renewed",
};

/**
 * Where a policy row came from: new business issued here, the next term of a renewal, or
 * an import of an existing book. Only new business counts as issued (reports, the trend).
 */
export const POLICY_ORIGINS = ["issued", "renewal", "import"] as const;
export type PolicyOrigin = (typeof POLICY_ORIGINS)[number];

/** Where a term's renewal stands (issue 28 §2, decision 0073). */
export const RENEWAL_STATES = ["not-started", "re-marketing", "renewed", "lost"] as const;
export type RenewalState = (typeof RENEWAL_STATES)[number];
export const RENEWAL_STATE_LABELS: Record<RenewalState, string> = {
  "not-started": "Not started",
  "re-marketing": "Re-marketing",
  renewed: "Renewed",
  lost: "Lost",
};

/**
 * The renewal state a term recorded elsewhere (an import, the bench's book) starts in: a
 * renewed term was renewed, a non-renewed one lost, anything else not started.
 */
export function renewalStateOf(status: PolicyStatus): RenewalState {
  return status === "renewed" ? "renewed" : status === "non-renewed" ? "lost" : "not-started";
}

/** What staff may do to a policy: each action's statuses from and to. */
export const POLICY_TRANSITIONS = {
  cancel: { from: ["active"], to: "cancelled" },
  "non-renew": { from: ["active"], to: "non-renewed" },
  reinstate: { from: ["cancelled", "non-renewed"], to: "active" },
} as const satisfies Record<string, { from: readonly PolicyStatus[]; to: PolicyStatus }>;
export type PolicyAction = keyof typeof POLICY_TRANSITIONS;

export const POLICY_ACTION_LABELS: Record<PolicyAction, string> = {
  cancel: "Cancel",
  "non-renew": "Non-renew",
  reinstate: "Reinstate",
};

/** Whether a policy in `status` may take `action`. */
export function policyActionAllowed(status: string, action: PolicyAction): boolean {
  return (POLICY_TRANSITIONS[action].from as readonly string[]).includes(status);
}

/** The terms a policy may run, in months. */
export const POLICY_TERMS = [6, 12] as const;
export type PolicyTerm = (typeof POLICY_TERMS)[number];

export const CARRIER_MAX_LENGTH = 100;
export const POLICY_NUMBER_MAX_LENGTH = 50;
export const POLICY_NOTES_MAX_LENGTH = 2000;
export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * The years a policy's dates may fall in: wide enough for an old book brought in and for
 * terms issued ahead, narrow enough that a typo (year 9999) is refused and the computed
 * expiration stays a four-digit YYYY-MM-DD that sorts as a date.
 */
export const POLICY_YEARS = { first: 1900, last: 2100 } as const;
const isPolicyYear = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= POLICY_YEARS.first && year <= POLICY_YEARS.last;
};

/** The largest annual premium accepted: $10,000,000.00. */
export const MAX_PREMIUM_CENTS = 1_000_000_000;

export const POLICY_MESSAGES = {
  sourceRequired: "Say whose policy it is: a lead or a person",
  sourceBoth: "Give a lead or a person, not both",
  leadKind: "lead kind must be one of quote, contact, appointment",
  carrierRequired: "Choose the carrier",
  carrierTooLong: `The carrier's name must be at most ${CARRIER_MAX_LENGTH} characters`,
  lineRequired: "Choose the line of business",
  numberRequired: "Enter the policy number",
  numberTooLong: `The policy number must be at most ${POLICY_NUMBER_MAX_LENGTH} characters`,
  effectiveInvalid: "Enter the effective date as YYYY-MM-DD",
  expirationInvalid: "Enter the expiration date as YYYY-MM-DD",
  dateOutOfRange: `Enter a date in the years ${POLICY_YEARS.first} to ${POLICY_YEARS.last}`,
  expirationBeforeEffective: "The expiration date must be after the effective date",
  termInvalid: "The term must be 6 or 12 months",
  premiumRequired: "Enter the annual premium",
  premiumInvalid: "Enter the annual premium in dollars and cents, such as 1,234.56",
  premiumZero: "The annual premium must be more than $0.00",
  premiumTooLarge: "The annual premium must be at most $10,000,000.00",
  notesTooLong: `Notes must be at most ${POLICY_NOTES_MAX_LENGTH.toLocaleString("en-US")} characters`,
  notText: "must be text",
  cancelDateInvalid: "Enter the cancellation date as YYYY-MM-DD",
  cancelReasonRequired: "Say why the policy was canceled",
  cancelReasonTooLong: `The reason must be at most ${CANCEL_REASON_MAX_LENGTH} characters`,
  nothingToChange: "Change at least one field of the policy",
  notFound: "Policy not found",
  personNotFound: "Person not found",
  leadNotFound: "Lead not found",
  leadLost: "This lead was lost: reopen it, or issue the policy from the person's page",
  leadWithoutPerson: "This lead has no person yet: try again in a moment",
  producerNotStaff: "The producing agent must be an active staff member",
  numberTaken: "This carrier already has a policy with this number for this term (effective date)",
  transition: (status: string, action: PolicyAction) =>
    `A ${POLICY_STATUS_LABELS[status as PolicyStatus]?.toLowerCase() ?? status} policy cannot be ${
      action === "cancel" ? "canceled" : action === "non-renew" ? "non-renewed" : "reinstated"
    }`,
} as const;

const PREMIUM_TEXT = /^\$?\s*((?:\d{1,3}(?:,\d{3})+)|\d+)?(?:\.(\d{1,2}))?$/;

/**
 * An amount of dollars and cents as typed ("1,234.56", "$0.10", "85", ".5") in exact
 * integer cents, never through a float; undefined when it is not such an amount.
 */
export function parsePremiumCents(text: string): number | undefined {
  const match = PREMIUM_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, whole, fraction] = match;
  if (whole === undefined && fraction === undefined) return undefined;
  const dollars = (whole ?? "0").replaceAll(",", "");
  if (dollars.length > 9) return Number.POSITIVE_INFINITY;
  return Number(dollars) * 100 + Number((fraction ?? "0").padEnd(2, "0"));
}

/** Cents as the dollars and cents a premium field holds: 123456 → "1,234.56". */
export function formatPremiumAmount(cents: number): string {
  const dollars = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, "0");
  return `${dollars.toLocaleString("en-US")}.${rest}`;
}

/** Cents as dollars for people: 123456 → "$1,234.56". */
export function formatPremium(cents: number): string {
  return `$${formatPremiumAmount(cents)}`;
}

/**
 * A term's end: the same day `months` later, the month's last day when it has no such day
 * (Feb 29 + 12 months is Feb 28; Aug 31 + 6 months is Feb 28 or 29).
 */
export function policyExpiration(effective: CalendarDate, months: number): CalendarDate {
  const parts = parseCalendarDate(effective);
  if (!parts) throw new Error(`not a calendar date: ${effective}`);
  const index = parts.year * 12 + (parts.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return formatCalendarDate({ year, month, day: Math.min(parts.day, daysInMonth(year, month)) });
}

const premium = z
  .union([z.string(), z.number()], { error: POLICY_MESSAGES.premiumRequired })
  .transform((value, context) => {
    const text = typeof value === "number" ? String(value) : value;
    if (text.trim() === "") {
      context.addIssue({ code: "custom", message: POLICY_MESSAGES.premiumRequired });
      return z.NEVER;
    }
    const cents = parsePremiumCents(text);
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

const calendarDate = (message: string) =>
  z
    .string({ error: message })
    .refine(isCalendarDate, { error: message, abort: true })
    .refine(isPolicyYear, { error: POLICY_MESSAGES.dateOutOfRange });

const carrier = requiredText(
  POLICY_MESSAGES.carrierRequired,
  CARRIER_MAX_LENGTH,
  POLICY_MESSAGES.carrierTooLong,
);
const policyNumber = requiredText(
  POLICY_MESSAGES.numberRequired,
  POLICY_NUMBER_MAX_LENGTH,
  POLICY_MESSAGES.numberTooLong,
);
const lineOfBusiness = z.enum(LINES_OF_BUSINESS, { error: POLICY_MESSAGES.lineRequired });
const termMonths = z.union([z.literal(6), z.literal(12)], { error: POLICY_MESSAGES.termInvalid });
const notes = optionalText(
  POLICY_NOTES_MAX_LENGTH,
  POLICY_MESSAGES.notesTooLong,
  POLICY_MESSAGES.notText,
  "multiline",
);

export const POLICY_LEAD_KINDS = ["quote", "contact", "appointment"] as const;
export type PolicyLeadKind = (typeof POLICY_LEAD_KINDS)[number];

/** The fields of a policy staff write, shared by issuing and changing. */
const policyFields = {
  carrier,
  lineOfBusiness,
  policyNumber,
  effectiveDate: calendarDate(POLICY_MESSAGES.effectiveInvalid),
  termMonths,
  annualPremium: premium,
};

function expirationAfterEffective(value: { effectiveDate?: string; expirationDate?: string }) {
  return (
    value.effectiveDate === undefined ||
    value.expirationDate === undefined ||
    value.expirationDate > value.effectiveDate
  );
}

/**
 * Issuing a policy: from a lead (`lead`: it is marked Won; the person is the lead's) or
 * from a person (`personId`). The expiration defaults to the effective date plus the term;
 * the producing agent to the caller.
 */
export const IssuePolicySchema = z
  .object({
    lead: z
      .object({
        kind: z.enum(POLICY_LEAD_KINDS, { error: POLICY_MESSAGES.leadKind }),
        id: PathIdSchema,
      })
      .optional(),
    personId: PathIdSchema.optional(),
    ...policyFields,
    expirationDate: calendarDate(POLICY_MESSAGES.expirationInvalid).optional(),
    producerId: RecordIdSchema.optional(),
    notes: notes.default(""),
  })
  .refine((body) => body.lead !== undefined || body.personId !== undefined, {
    error: POLICY_MESSAGES.sourceRequired,
    path: ["personId"],
  })
  .refine((body) => body.lead === undefined || body.personId === undefined, {
    error: POLICY_MESSAGES.sourceBoth,
    path: ["personId"],
  })
  .refine(expirationAfterEffective, {
    error: POLICY_MESSAGES.expirationBeforeEffective,
    path: ["expirationDate"],
  });
export type IssuePolicy = z.output<typeof IssuePolicySchema>;
export type IssuePolicyInput = z.input<typeof IssuePolicySchema>;

/**
 * A policy's own fields as issuing checks them, without whose it is or who produced it:
 * what an imported row must pass (decision 0075). The expiration is required here (the
 * import derives it from the term when the file has none).
 */
export const PolicyTermsSchema = z
  .object({
    ...policyFields,
    expirationDate: calendarDate(POLICY_MESSAGES.expirationInvalid),
    notes: notes.default(""),
  })
  .refine(expirationAfterEffective, {
    error: POLICY_MESSAGES.expirationBeforeEffective,
    path: ["expirationDate"],
  });
export type PolicyTerms = z.output<typeof PolicyTermsSchema>;

/** A change to a policy's details (only the fields sent; at least one). Status moves by its actions. */
export const PolicyChangeSchema = z
  .object({
    carrier: carrier.optional(),
    lineOfBusiness: lineOfBusiness.optional(),
    policyNumber: policyNumber.optional(),
    effectiveDate: calendarDate(POLICY_MESSAGES.effectiveInvalid).optional(),
    termMonths: termMonths.optional(),
    expirationDate: calendarDate(POLICY_MESSAGES.expirationInvalid).optional(),
    annualPremium: premium.optional(),
    producerId: RecordIdSchema.optional(),
    notes: notes.optional(),
  })
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    error: POLICY_MESSAGES.nothingToChange,
  })
  .refine(expirationAfterEffective, {
    error: POLICY_MESSAGES.expirationBeforeEffective,
    path: ["expirationDate"],
  });
export type PolicyChange = z.output<typeof PolicyChangeSchema>;

export const PolicyCancelSchema = z.object({
  cancelDate: calendarDate(POLICY_MESSAGES.cancelDateInvalid),
  reason: requiredText(
    POLICY_MESSAGES.cancelReasonRequired,
    CANCEL_REASON_MAX_LENGTH,
    POLICY_MESSAGES.cancelReasonTooLong,
    "multiline",
  ),
});
export type PolicyCancel = z.output<typeof PolicyCancelSchema>;

const StaffRefSchema = z.object({ _id: z.string(), name: z.string() });

/** A policy as the API returns it. */
export const PolicyRecordSchema = z.object({
  _id: z.string(),
  personId: z.string().nullable(),
  /** The holder's name as the person has it now. */
  holderName: z.string(),
  lead: z.object({ kind: z.enum(POLICY_LEAD_KINDS), id: z.string() }).nullable(),
  carrier: z.string(),
  lineOfBusiness: z.enum(LINES_OF_BUSINESS),
  policyNumber: z.string(),
  effectiveDate: z.string(),
  termMonths: z.number(),
  expirationDate: z.string(),
  /** Exact integer cents. */
  annualPremiumCents: z.number().int(),
  producer: StaffRefSchema.nullable(),
  status: z.enum(POLICY_STATUSES),
  cancelDate: z.string().nullable(),
  cancelReason: z.string().nullable(),
  notes: z.string(),
  /** An auto policy issued from a quote carries the quote's vehicles and drivers. */
  vehicles: z.array(z.record(z.string(), z.unknown())),
  drivers: z.array(z.record(z.string(), z.unknown())),
  /** Where its renewal stands (decision 0073): not-started, re-marketing, renewed, lost. */
  renewalState: z.enum(RENEWAL_STATES),
  /** The term this one renews, if any. */
  renewalOf: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PolicyRecord = z.output<typeof PolicyRecordSchema>;
