import * as z from "zod";
import { CSV_RESPONSE, defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { optionalText } from "../schema-helpers.ts";

export const CONSENT_NOTE_MAX_LENGTH = 500;

export const CONSENT_MESSAGES = {
  noteTooLong: `The note must be at most ${CONSENT_NOTE_MAX_LENGTH} characters`,
  noteInvalid: "The note must be text",
  revoked: "Revocation recorded: the agency may no longer call or text this person",
} as const;

/** One entry of a person's consent ledger (decision 0080), as staff see it. */
export const ConsentEntrySchema = z.object({
  _id: z.string(),
  event: z.enum(["given", "revoked"]),
  /** How (CONSENT_VIAS); unknown values from later versions pass through as text. */
  via: z.string(),
  /** The wording's version and its text as the person read it ("" for a revocation). */
  wordingVersion: z.string(),
  wording: z.string(),
  /** The 10-digit number a consent covers; "" for a revocation (it covers every number). */
  phone: z.string(),
  form: z.string(),
  page: z.string(),
  /** The record it came with (a quote, a message, a booking, a Client Center request). */
  subject: z.object({ type: z.string(), id: z.string() }).nullable(),
  /** The staff member who recorded it; null when the person did it themselves. */
  by: z.object({ _id: z.string(), name: z.string() }).nullable(),
  note: z.string(),
  createdAt: z.string(),
});
export type ConsentEntry = z.output<typeof ConsentEntrySchema>;

/**
 * A person's call/text consent: the standing (their newest entry: "given" means OK to call
 * and text the number it names; "revoked" or "none" means no) and the whole ledger, oldest
 * first, with the entries of people merged into them.
 */
export const PersonConsentSchema = z.object({
  standing: z.enum(["given", "revoked", "none"]),
  /** The entry the standing comes from; null for "none". */
  since: ConsentEntrySchema.nullable(),
  /** The newest "given" entry when the standing is "revoked" (what was revoked). */
  lastGiven: ConsentEntrySchema.nullable(),
  entries: z.array(ConsentEntrySchema),
});
export type PersonConsent = z.output<typeof PersonConsentSchema>;

export const PersonConsentAnswerSchema = z.object({
  success: z.literal(true),
  data: PersonConsentSchema,
});

/** A revocation the person said by phone, recorded by staff; an optional note. */
export const ConsentRevocationSchema = z.object({
  note: optionalText(
    CONSENT_NOTE_MAX_LENGTH,
    CONSENT_MESSAGES.noteTooLong,
    CONSENT_MESSAGES.noteInvalid,
    "multiline",
  ).default(""),
});
export type ConsentRevocation = z.output<typeof ConsentRevocationSchema>;

export const ConsentRoutes = {
  ofPerson: defineRoute({
    method: "GET",
    path: "/api/people/:id/consent",
    summary:
      "A person's call/text consent: their standing and the ledger (given, revoked, by whom, when, how), with the wording each consent was given to",
    access: "leads.view",
    params: IdParamsSchema,
    responses: { 200: PersonConsentAnswerSchema },
  }),
  revoke: defineRoute({
    method: "POST",
    path: "/api/people/:id/consent/revocations",
    summary:
      "Record a revocation the person said by phone (honoured at once); audited; takes an Idempotency-Key",
    access: "leads.work",
    params: IdParamsSchema,
    body: ConsentRevocationSchema,
    responses: { 201: PersonConsentAnswerSchema },
  }),
  exportCsv: defineRoute({
    method: "GET",
    path: "/api/people/:id/consent.csv",
    summary: "A person's consent ledger as CSV",
    access: "leads.export",
    params: IdParamsSchema,
    responses: { 200: CSV_RESPONSE },
  }),
};
