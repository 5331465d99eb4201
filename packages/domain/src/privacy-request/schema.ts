import * as z from "zod";
import { HONEYPOT_FIELD } from "../contact/options.ts";
import { isPhoneNumber, nationalPhoneDigits } from "../phone.ts";
import { cleanMultilineText, cleanText } from "../sanitize.ts";
import { choiceOf, emailAddress, firstError, requiredText } from "../schema-helpers.ts";
import { PRIVACY_REQUEST_FIELD_MESSAGES as M } from "./messages.ts";
import {
  PRIVACY_ANSWER_STATUSES,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_LIMITS,
} from "./options.ts";

const L = PRIVACY_REQUEST_LIMITS;

/**
 * A privacy request as the privacy page's form sends it and the server checks it (one
 * schema for both): who asks (one mailbox; a phone only if they want to give one), what
 * they ask for, and what they want us to know. Text is cleaned as on every public form.
 */
export const PrivacyRequestSchema = z.object({
  name: requiredText(M.nameRequired, L.nameMaxLength, M.nameTooLong),
  email: emailAddress(
    { required: M.emailRequired, invalid: M.emailInvalid, tooLong: M.emailTooLong },
    L.emailMaxLength,
  ),
  phone: z
    .string({ error: M.phoneInvalid })
    .overwrite(cleanText)
    .overwrite(nationalPhoneDigits)
    .refine((digits) => digits === "" || isPhoneNumber(digits), firstError(M.phoneInvalid))
    .default(""),
  kind: choiceOf(PRIVACY_REQUEST_KINDS, { required: M.kindRequired, invalid: M.kindInvalid }),
  details: z
    .string({ error: M.detailsInvalid })
    // May be empty; keeps its line breaks (a multiline field, as messages are).
    .overwrite(cleanMultilineText)
    .max(L.detailsMaxLength, firstError(M.detailsTooLong))
    .default(""),
  /** The trap only robots fill (the contact form's). */
  [HONEYPOT_FIELD]: z.unknown().optional(),
});
export type PrivacyRequestInput = z.input<typeof PrivacyRequestSchema>;
export type PrivacyRequest = z.output<typeof PrivacyRequestSchema>;

/** The verification link's token, as the page posts it. */
export const PrivacyVerifySchema = z.object({
  token: z
    .string({ error: M.linkInvalid })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: M.linkInvalid }),
});

/** Staff's change to a request: its status, its assignee (null: nobody), or both. */
export const PrivacyRequestChangeSchema = z
  .object({
    status: choiceOf(["new", "in-progress"] as const, {
      required: M.statusInvalid,
      invalid: M.statusInvalid,
    }).optional(),
    assignedTo: z
      .string({ error: M.assigneeInvalid })
      .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: M.assigneeInvalid })
      .nullable()
      .optional(),
  })
  .refine((change) => change.status !== undefined || change.assignedTo !== undefined, {
    error: M.nothingToChange,
  });
export type PrivacyRequestChange = z.output<typeof PrivacyRequestChangeSchema>;

/** The answer staff send the person: its text, and whether it answers or refuses. */
export const PrivacyAnswerSchema = z.object({
  status: choiceOf(PRIVACY_ANSWER_STATUSES, {
    required: M.answerStatusInvalid,
    invalid: M.answerStatusInvalid,
  }),
  answer: requiredText(M.answerRequired, L.answerMaxLength, M.answerTooLong, "multiline"),
});
export type PrivacyAnswer = z.output<typeof PrivacyAnswerSchema>;
