import * as z from "zod";
import { EMAIL_MAX_LENGTH, hasMailboxShape, normaliseEmail } from "../email.ts";
import { normaliseSearchText } from "../lead/search.ts";
import { isPhoneNumber, nationalPhoneDigits } from "../phone.ts";
import { QUOTE_LIMITS } from "../quote/limits.ts";
import { cleanText } from "../sanitize.ts";
// Also sets zod's browser configuration before any schema here is built (schema-helpers.ts).
import { firstError, optionalText, requiredText } from "../schema-helpers.ts";
import { isUsStateCode } from "../us-states.ts";

/**
 * People (issue 27 §1): the one person behind every quote, message and booking. A lead
 * attaches to a person whose email or phone matches (personEmailKey / personPhoneKey);
 * nothing else is ever merged automatically.
 */

/** How a person would like to be reached; null when they have not said. */
export const PREFERRED_CONTACT_METHODS = ["email", "phone", "text"] as const;
export type PreferredContactMethod = (typeof PREFERRED_CONTACT_METHODS)[number];
export const PREFERRED_CONTACT_LABELS: Record<PreferredContactMethod, string> = {
  email: "Email",
  phone: "Phone call",
  text: "Text message",
};

export const PERSON_LIMITS = {
  nameMaxLength: QUOTE_LIMITS.nameMaxLength,
  streetMaxLength: QUOTE_LIMITS.addressMaxLength,
  cityMaxLength: QUOTE_LIMITS.cityMaxLength,
  notesMaxLength: 4000,
} as const;

export const PERSON_MESSAGES = {
  firstNameRequired: "First name is required",
  firstNameTooLong: `First name must be at most ${PERSON_LIMITS.nameMaxLength} characters`,
  lastNameRequired: "Last name is required",
  lastNameTooLong: `Last name must be at most ${PERSON_LIMITS.nameMaxLength} characters`,
  emailInvalid: "Please enter a valid email address",
  emailTooLong: "Email must be at most 254 characters",
  phoneInvalid: "Please enter a valid 10-digit phone number",
  contactRequired: "A person needs an email or a phone number",
  streetTooLong: `Street must be at most ${PERSON_LIMITS.streetMaxLength} characters`,
  cityTooLong: `City must be at most ${PERSON_LIMITS.cityMaxLength} characters`,
  stateInvalid: "Choose a US state",
  zipInvalid: "ZIP code must be 5 digits",
  preferredContactInvalid: `preferredContact must be one of ${PREFERRED_CONTACT_METHODS.join(", ")}`,
  notesTooLong: `Notes must be at most ${PERSON_LIMITS.notesMaxLength.toLocaleString("en-US")} characters`,
  notText: "must be text",
  notFound: "Person not found",
  /** Merging two people is a later feature (decision 0066): an edit never does it. */
  emailTaken: "That email already belongs to another person",
  phoneTaken: "That phone number already belongs to another person",
} as const;

/**
 * The key an email matches a person by: the address as stored (NFKC, trimmed), then the
 * search's normalisation (case folded, so "Ann@X.com" is "ann@x.com"). Tags are kept:
 * "ann+quotes@x.com" is another address (only the exact rule merges on its own). Empty for
 * no address (decision 0063), which matches nobody.
 */
export function personEmailKey(email: string): string {
  const stored = normaliseEmail(email);
  return stored === "" ? "" : normaliseSearchText(stored);
}

/**
 * The key a phone matches a person by: its national digits as the search reads them
 * ("(612) 555-0100", "+1 612 555 0100" are "6125550100"). Empty unless that is a real
 * 10-digit number, which matches nobody.
 */
export function personPhoneKey(phone: string): string {
  const digits = nationalPhoneDigits(phone);
  return isPhoneNumber(digits) ? digits : "";
}

/** Where mail reaches the person; every part "" when unknown. */
export const MailingAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  /** A US state code, or "". */
  state: z.string(),
  zip: z.string(),
});
export type MailingAddress = z.output<typeof MailingAddressSchema>;

/** The lead kinds a person can have, as the timeline names them. */
export const PERSON_LEAD_TYPES = ["quote", "contact", "appointment"] as const;
export type PersonLeadType = (typeof PERSON_LEAD_TYPES)[number];

/** One person as the lists and the person page read them. */
export const PersonSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** "" when no address is known. */
  email: z.string(),
  /** 10 digits, or "" when none is known. */
  phone: z.string(),
  mailingAddress: MailingAddressSchema,
  preferredContact: z.enum(PREFERRED_CONTACT_METHODS).nullable(),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Live (not archived) leads of each kind. */
  leadCounts: z.object({ quotes: z.number(), contacts: z.number(), appointments: z.number() }),
  /** When their newest lead arrived (createdAt when they have none). */
  latestAt: z.string(),
});
export type Person = z.output<typeof PersonSchema>;

const optionalPhone = z
  .string({ error: PERSON_MESSAGES.phoneInvalid })
  .overwrite(cleanText)
  .overwrite(nationalPhoneDigits)
  .refine(
    (digits) => digits === "" || isPhoneNumber(digits),
    firstError(PERSON_MESSAGES.phoneInvalid),
  );

/** An email that may be cleared ("": no address); no default, so leaving it out changes nothing. */
const optionalEmail = z
  .string({ error: PERSON_MESSAGES.emailInvalid })
  .overwrite(normaliseEmail)
  .refine(
    (value) => value === "" || hasMailboxShape(value),
    firstError(PERSON_MESSAGES.emailInvalid),
  )
  .max(EMAIL_MAX_LENGTH, firstError(PERSON_MESSAGES.emailTooLong));

/**
 * A change to a person's details (PATCH: only the fields sent change). The email and the
 * phone may be cleared, not both: a person stays reachable.
 */
export const PersonUpdateSchema = z
  .object({
    firstName: requiredText(
      PERSON_MESSAGES.firstNameRequired,
      PERSON_LIMITS.nameMaxLength,
      PERSON_MESSAGES.firstNameTooLong,
    ),
    lastName: requiredText(
      PERSON_MESSAGES.lastNameRequired,
      PERSON_LIMITS.nameMaxLength,
      PERSON_MESSAGES.lastNameTooLong,
    ),
    email: optionalEmail,
    phone: optionalPhone,
    mailingAddress: z.object({
      street: optionalText(
        PERSON_LIMITS.streetMaxLength,
        PERSON_MESSAGES.streetTooLong,
        PERSON_MESSAGES.notText,
      ),
      city: optionalText(
        PERSON_LIMITS.cityMaxLength,
        PERSON_MESSAGES.cityTooLong,
        PERSON_MESSAGES.notText,
      ),
      state: z
        .string({ error: PERSON_MESSAGES.stateInvalid })
        .overwrite(cleanText)
        .refine((state) => state === "" || isUsStateCode(state), {
          error: PERSON_MESSAGES.stateInvalid,
        }),
      zip: z
        .string({ error: PERSON_MESSAGES.zipInvalid })
        .overwrite(cleanText)
        .regex(/^(\d{5})?$/, { error: PERSON_MESSAGES.zipInvalid }),
    }),
    preferredContact: z
      .enum(PREFERRED_CONTACT_METHODS, { error: PERSON_MESSAGES.preferredContactInvalid })
      .nullable(),
    notes: optionalText(
      PERSON_LIMITS.notesMaxLength,
      PERSON_MESSAGES.notesTooLong,
      PERSON_MESSAGES.notText,
      "multiline",
    ),
  })
  .partial();
export type PersonUpdate = z.output<typeof PersonUpdateSchema>;

/** "Ann Lee"; a person known only by one name shows that one. */
export function personName(person: Pick<Person, "firstName" | "lastName">): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
