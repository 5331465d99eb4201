import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { isCalendarDate } from "../calendar-date.ts";
import { calendarDate, optionalText, requiredText } from "../schema-helpers.ts";

/**
 * A person's disclosure log, export and erasure (issue 30 §2, decision 0083).
 *
 * An access answer lists the disclosures of the last DISCLOSURE_LOOKBACK_YEARS years
 * (Minn. Stat. 72A.497 subd. 1(c)), so the list takes `since`.
 */
export const DISCLOSURE_LOOKBACK_YEARS = 2;

export const DISCLOSURE_LIMITS = { recipient: 200, what: 1000, basis: 1000 } as const;

export const DISCLOSURE_MESSAGES = {
  dateRequired: "Date disclosed is required",
  dateInvalid: "Date disclosed must be a real date (YYYY-MM-DD)",
  dateInFuture: "Date disclosed cannot be in the future",
  recipientRequired: "Recipient is required",
  recipientTooLong: `Recipient must be at most ${DISCLOSURE_LIMITS.recipient} characters`,
  whatRequired: "What was disclosed is required",
  whatTooLong: `What was disclosed must be at most ${DISCLOSURE_LIMITS.what} characters`,
  basisRequired: "Why (the basis) is required",
  basisTooLong: `Why must be at most ${DISCLOSURE_LIMITS.basis} characters`,
  notText: "Must be text",
  sinceInvalid: "since must be a real date (YYYY-MM-DD)",
  recorded: "Disclosure recorded",
} as const;

const M = DISCLOSURE_MESSAGES;

/** What staff record: the day, the recipient, what was disclosed and why. */
export const DisclosureInputSchema = z.object({
  disclosedOn: calendarDate({ required: M.dateRequired, invalid: M.dateInvalid }),
  recipient: requiredText(M.recipientRequired, DISCLOSURE_LIMITS.recipient, M.recipientTooLong),
  what: requiredText(M.whatRequired, DISCLOSURE_LIMITS.what, M.whatTooLong, "multiline"),
  basis: requiredText(M.basisRequired, DISCLOSURE_LIMITS.basis, M.basisTooLong, "multiline"),
});
export type DisclosureInput = z.input<typeof DisclosureInputSchema>;

export const DisclosureSchema = z.object({
  _id: z.string(),
  personId: z.string(),
  disclosedOn: z.string(),
  recipient: z.string(),
  what: z.string(),
  basis: z.string(),
  recordedBy: z.string().nullable(),
  recordedByName: z.string(),
  createdAt: z.string(),
});
export type Disclosure = z.output<typeof DisclosureSchema>;

export const DisclosureListQuerySchema = z.object({
  since: z.string({ error: M.sinceInvalid }).refine(isCalendarDate, M.sinceInvalid).optional(),
});

export const DisclosureListSchema = z.object({
  success: z.literal(true),
  data: z.array(DisclosureSchema),
});
export const DisclosureRecordedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: DisclosureSchema,
});

/** The day DISCLOSURE_LOOKBACK_YEARS before `today` (YYYY-MM-DD): an access answer's `since`. */
export function disclosureLookbackStart(today: string): string {
  const year = Number(today.slice(0, 4)) - DISCLOSURE_LOOKBACK_YEARS;
  const rest = today.slice(4);
  // 29 February two years back is 1 March's eve: the 28th keeps the window whole.
  return rest === "-02-29" ? `${year}-02-28` : `${year}${rest}`;
}

export const ERASE_MESSAGES = {
  confirmRequired: "Type the person's name to confirm",
  confirmMismatch: "The name typed does not match this person's name",
  erased: "The person's records were erased",
  changed: "The person's records changed while erasing: try again",
} as const;

/** Erasing a person asks for their name back ("First Last", as the page shows it). */
export const PersonEraseBodySchema = z.object({
  confirmName: optionalText(
    200,
    ERASE_MESSAGES.confirmMismatch,
    ERASE_MESSAGES.confirmRequired,
  ).min(1, ERASE_MESSAGES.confirmRequired),
});

/** The name an erase must be confirmed with: first and last name, single spaces, any case. */
export function eraseConfirmationMatches(
  typed: string,
  person: { firstName: string; lastName: string },
): boolean {
  const fold = (text: string) => text.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
  return fold(typed) === fold(`${person.firstName} ${person.lastName}`);
}

export const PersonErasedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    personId: z.string(),
    /** Whether the person row stayed (anonymised) because kept records point at it. */
    personKept: z.boolean(),
  }),
});

/**
 * What an erase keeps, and why: shown in the confirm dialog and the summary email. In
 * plain words without statute numbers (they are the licensing state's: decision 0083 cites
 * Minnesota's), so another agency's profile shows nothing of this one.
 */
export const ERASE_KEPT = [
  "Policies in force and their history (terms, renewals), with the name and contact each policy needs: kept for the policy's life and the retention period after it (insurance record keeping).",
  "The consent ledger (calls and texts agreed to or refused): kept 5 years, proof under the TCPA.",
  "The notices shown with each form: kept as proof of the notice of information practices.",
  "The disclosure log: kept, since an access request must list disclosures of the last two years.",
  "Your privacy requests and our answers: kept as proof that we answered them.",
  "Our security log of who opened or changed which record, without your details: kept 5 years, as insurance data security law asks.",
] as const;

export const ZIP_RESPONSE = {
  contentType: "application/zip",
  description: "A ZIP archive",
} as const;

export const PersonPrivacyRoutes = {
  disclosures: defineRoute({
    method: "GET",
    path: "/api/people/:id/disclosures",
    summary:
      "A person's disclosure log, newest first; `since` (YYYY-MM-DD) keeps those on or after that day (404 for an unknown person)",
    access: "leads.work",
    params: IdParamsSchema,
    query: DisclosureListQuerySchema,
    responses: { 200: DisclosureListSchema },
  }),
  addDisclosure: defineRoute({
    method: "POST",
    path: "/api/people/:id/disclosures",
    summary:
      "Record a disclosure of the person's information (to a carrier, a lender…); Idempotency-Key accepted; audited",
    access: "leads.work",
    params: IdParamsSchema,
    body: DisclosureInputSchema,
    responses: { 201: DisclosureRecordedSchema },
  }),
  export: defineRoute({
    method: "GET",
    path: "/api/people/:id/export",
    summary:
      "Everything the agency holds on a person, one ZIP of JSON and CSV per table with a README; audited",
    access: "privacy.manage",
    params: IdParamsSchema,
    responses: { 200: ZIP_RESPONSE },
  }),
  erase: defineRoute({
    method: "POST",
    path: "/api/people/:id/erase",
    summary:
      "Erase a person: their records are deleted or anonymised except what the law keeps (policies, consent ledger, disclosures); confirmed with their name; Idempotency-Key accepted; audited; the person is emailed a summary",
    access: "people.erase",
    params: IdParamsSchema,
    body: PersonEraseBodySchema,
    responses: { 200: PersonErasedSchema },
  }),
};
