import * as z from "zod";
// Before any schema is built (zod-setup.ts).
import "./zod-setup.ts";
import { isCalendarDate } from "./calendar-date.ts";
import { EMAIL_MAX_LENGTH, hasMailboxShape, normaliseEmail } from "./email.ts";
import { isPhoneNumber, nationalPhoneDigits } from "./phone.ts";
import { cleanMultilineText, cleanText } from "./sanitize.ts";

/**
 * Check options that make a field stop at its first failing rule, so every invalid field
 * reports exactly one message, the first in the spec's order. `when` rather than
 * `abort: true`: an explicit abort would also stop the form-level rules (zod skips every
 * later check, even one with its own `when`), hiding e.g. "time has passed" while the
 * name is still invalid.
 */
export function firstError(message: string) {
  return { error: message, when: hasNoIssues };
}

function hasNoIssues(payload: { issues: readonly unknown[] }): boolean {
  return payload.issues.length === 0;
}

/** One line (the default) or several (a message: line breaks and tabs are kept). */
export type TextKind = "line" | "multiline";

function cleanerFor(kind: TextKind): (value: string) => string {
  return kind === "multiline" ? cleanMultilineText : cleanText;
}

/** A cleaned (sanitize.ts), non-empty string of bounded length. */
export function requiredText(
  required: string,
  maxLength: number,
  tooLong: string,
  kind: TextKind = "line",
) {
  return z
    .string({ error: required })
    .overwrite(cleanerFor(kind))
    .min(1, firstError(required))
    .max(maxLength, firstError(tooLong));
}

/** A cleaned (sanitize.ts) string that may be empty; callers add `.default("")` last. */
export function optionalText(
  maxLength: number,
  tooLong: string,
  notText: string,
  kind: TextKind = "line",
) {
  return z
    .string({ error: notText })
    .overwrite(cleanerFor(kind))
    .max(maxLength, firstError(tooLong));
}

/**
 * One of a fixed list. The input type stays `string` so a form can start from "" (no
 * choice yet); the output type is the list's union.
 */
export function choiceOf<const T extends string>(
  values: readonly T[],
  messages: { required: string; invalid: string },
) {
  return z
    .string({ error: messages.required })
    .overwrite(cleanText)
    .min(1, firstError(messages.required))
    .refine(
      (value): value is T => (values as readonly string[]).includes(value),
      firstError(messages.invalid),
    );
}

/**
 * A US phone number, stored as the 10 digits the visitor meant: any punctuation is
 * accepted, a leading country code 1 on 11 digits is dropped (phone.ts), and anything
 * else that is not a 10-digit North American number gets the field's message.
 */
export function phoneNumber(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .overwrite(cleanText)
    .min(1, firstError(messages.required))
    .overwrite(nationalPhoneDigits)
    .refine(isPhoneNumber, firstError(messages.invalid));
}

/**
 * Every email field: exactly one plain mailbox (email.ts), checked in the spec's order:
 * required, then address-like, then the length limit (never above 254). The rules and the
 * stored value read the address normalised (NFKC, trimmed: decision 0048), so a fullwidth
 * `ａ@ｘ.com` is stored as `a@x.com` on every form and the limit counts what is stored.
 */
export function emailAddress(
  messages: { required: string; invalid: string; tooLong: string },
  maxLength: number = EMAIL_MAX_LENGTH,
  options: { lowercase?: boolean } = {},
) {
  // Only compatibility forms are unified and the ends trimmed: anything else that is not
  // part of one mailbox (a tag, a control, a second address) is refused, never cleaned into
  // something else.
  const clean = options.lowercase
    ? (value: string) => normaliseEmail(value).toLowerCase()
    : normaliseEmail;
  return z
    .string({ error: messages.required })
    .overwrite(clean)
    .min(1, firstError(messages.required))
    .refine(hasMailboxShape, firstError(messages.invalid))
    .max(Math.min(maxLength, EMAIL_MAX_LENGTH), firstError(messages.tooLong));
}

/**
 * An email a lead may go without (one staff took by phone or at the counter, issue 27):
 * empty or missing is stored as "" (no address); anything else meets emailAddress's rules.
 */
export function optionalEmailAddress(
  messages: { invalid: string; tooLong: string },
  maxLength: number = EMAIL_MAX_LENGTH,
) {
  return z
    .string({ error: messages.invalid })
    .overwrite(normaliseEmail)
    .refine((value) => value === "" || hasMailboxShape(value), firstError(messages.invalid))
    .max(Math.min(maxLength, EMAIL_MAX_LENGTH), firstError(messages.tooLong))
    .default("");
}

/** A real calendar date written "YYYY-MM-DD". */
export function calendarDate(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .overwrite(cleanText)
    .min(1, firstError(messages.required))
    .refine(isCalendarDate, firstError(messages.invalid));
}

export function flag(message: string) {
  return z.boolean({ error: message });
}
