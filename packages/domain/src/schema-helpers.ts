import * as z from "zod";
import { isCalendarDate } from "./calendar-date.ts";
import { phoneDigits } from "./phone.ts";
import { cleanText } from "./sanitize.ts";

// In browsers the site runs under a CSP without 'unsafe-eval', and zod's probe for its JIT
// (`new Function`) is reported there as a violation. Browsers parse small forms: they go
// without the JIT. Servers (no `document`) keep it. This must run before any schema is built,
// which is why it sits in the module every schema imports.
if ("document" in globalThis) z.config({ jitless: true });

/** The spec's "text, @, text, dot, text". */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

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

/** A trimmed, tag-free, non-empty string of bounded length. */
export function requiredText(required: string, maxLength: number, tooLong: string) {
  return z
    .string({ error: required })
    .overwrite(cleanText)
    .min(1, firstError(required))
    .max(maxLength, firstError(tooLong));
}

/** A trimmed, tag-free string that may be empty; callers add `.default("")` last. */
export function optionalText(maxLength: number, tooLong: string, notText: string) {
  return z.string({ error: notText }).overwrite(cleanText).max(maxLength, firstError(tooLong));
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

/** A phone number, stored as its 10 digits; any punctuation is accepted on input. */
export function phoneNumber(messages: { required: string; invalid: string }) {
  return z
    .string({ error: messages.required })
    .overwrite(cleanText)
    .min(1, firstError(messages.required))
    .overwrite(phoneDigits)
    .regex(/^\d{10}$/, firstError(messages.invalid));
}

export function emailAddress(
  messages: { required: string; invalid: string; tooLong: string },
  maxLength: number,
) {
  return z
    .string({ error: messages.required })
    .overwrite(cleanText)
    .min(1, firstError(messages.required))
    .max(maxLength, firstError(messages.tooLong))
    .regex(EMAIL_PATTERN, firstError(messages.invalid));
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
