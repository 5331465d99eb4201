import * as z from "zod";
import { APPOINTMENT_FIELD_MESSAGES } from "../appointment/messages.ts";
import {
  APPOINTMENT_LIMITS,
  AppointmentSchema,
  createAppointmentSchema,
} from "../appointment/schema.ts";
import type { Clock } from "../clock.ts";
import { CONTACT_FIELD_MESSAGES, CONTACT_LIMITS, ContactMessageSchema } from "../contact/schema.ts";
import { QUOTE_FIELD_MESSAGES, QUOTE_LIMITS } from "../quote/limits.ts";
import {
  createAnyStatePersonalInfoSchema,
  createPersonalInfoSchema,
  createQuoteSubmissionSchema,
} from "../quote/schema.ts";
import { choiceOf, optionalEmailAddress, phoneNumber } from "../schema-helpers.ts";

/**
 * Leads staff enter themselves (issue 14; decision 0031): received by phone, at the
 * office, by a referral, otherwise, or by email (kept: leads entered before issue 28 have
 * it; decision 0074). The public forms are the other source, "web".
 */
export const STAFF_LEAD_SOURCES = ["phone", "walk-in", "referral", "other", "email"] as const;
export type StaffLeadSource = (typeof STAFF_LEAD_SOURCES)[number];
export const LEAD_SOURCES = ["web", ...STAFF_LEAD_SOURCES] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  web: "Website",
  phone: "Phone call",
  "walk-in": "Walk-in",
  referral: "Referral",
  other: "Other",
  email: "Email",
};

export const LEAD_ENTRY_MESSAGES = {
  sourceRequired: "How the lead reached you is required",
  sourceInvalid: "Please choose phone call, walk-in, referral, other or email",
  notifyInvalid: "Notify customer must be true or false",
  nothingToChange: "Change at least one field",
  detailsSaved: "Contact details saved.",
  detailsUnchanged: "Nothing was changed.",
  saveFailed: "The contact details could not be saved. Please try again.",
  entryFailed: "The lead could not be saved. Please try again.",
  phoneRequired: "Phone number is required (the email may be left empty, the phone may not)",
} as const;

const M = LEAD_ENTRY_MESSAGES;

/** What a staff entry adds to the public form's fields. The customer is emailed only when asked. */
export const LEAD_ENTRY_FIELDS = {
  source: choiceOf(STAFF_LEAD_SOURCES, { required: M.sourceRequired, invalid: M.sourceInvalid }),
  notifyCustomer: z.boolean({ error: M.notifyInvalid }).default(false),
};

/**
 * A lead taken by phone or at the counter may have no email (issue 27; decision 0063): the
 * phone is enough. Empty or missing is stored as "" (no address); the phone stays required,
 * and its message names both. The public forms keep the spec's rules (email required).
 */
function contactFields(
  messages: { emailInvalid: string; emailTooLong: string; phoneInvalid: string },
  emailMaxLength: number,
) {
  return {
    email: optionalEmailAddress(
      { invalid: messages.emailInvalid, tooLong: messages.emailTooLong },
      emailMaxLength,
    ),
    phone: phoneNumber({ required: M.phoneRequired, invalid: messages.phoneInvalid }),
  };
}

/** A message taken by staff: the contact form's fields and rules, without the robot check. */
export const StaffContactSchema = ContactMessageSchema.omit({
  notRobot: true,
  formattedPhone: true,
})
  .extend(contactFields(CONTACT_FIELD_MESSAGES, CONTACT_LIMITS.emailMaxLength))
  .extend(LEAD_ENTRY_FIELDS);
export type StaffContact = z.output<typeof StaffContactSchema>;
export type StaffContactInput = z.input<typeof StaffContactSchema>;

/** A quote request taken by staff: the submission's fields and rules ("today" read per parse). */
export function createStaffQuoteSchema(clock?: Clock) {
  return createQuoteSubmissionSchema(clock).extend({
    personalInfo: createAnyStatePersonalInfoSchema(clock).extend(
      contactFields(QUOTE_FIELD_MESSAGES, QUOTE_LIMITS.emailMaxLength),
    ),
    ...LEAD_ENTRY_FIELDS,
  });
}
export const StaffQuoteSchema = createStaffQuoteSchema();
export type StaffQuote = z.output<typeof StaffQuoteSchema>;
export type StaffQuoteInput = z.input<typeof StaffQuoteSchema>;

/** The static booking rules plus the entry fields (the contract's shape; per-field checks). */
const appointmentContactFields = contactFields(
  APPOINTMENT_FIELD_MESSAGES,
  APPOINTMENT_LIMITS.emailMaxLength,
);
export const StaffAppointmentSchema = AppointmentSchema.extend({
  ...appointmentContactFields,
  ...LEAD_ENTRY_FIELDS,
});
export type StaffAppointment = z.output<typeof StaffAppointmentSchema>;
export type StaffAppointmentInput = z.input<typeof StaffAppointmentSchema>;

/**
 * A booking taken by staff keeps every rule of the public form that is about the calendar:
 * weekdays, holidays, past days and started slots, the horizon (the slot's uniqueness is the
 * database's). Only the per-person limit is lifted (decision 0031).
 */
export function createStaffAppointmentSchema(clock?: Clock, horizonDays?: number) {
  // safeExtend: the clock's rules are refinements, which plain extend may not keep. Its
  // types allow only narrower fields, and the optional email (a default) is wider on input
  // only: the parsed value is a string either way (the route's body type is
  // StaffAppointmentSchema's).
  return createAppointmentSchema(clock, horizonDays).safeExtend({
    ...appointmentContactFields,
    email: appointmentContactFields.email as unknown as z.ZodString,
    ...LEAD_ENTRY_FIELDS,
  });
}

/** Any subset of a form's contact fields, with that form's rules; at least one of them. */
function detailsChange<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return schema
    .partial()
    .refine((change) => Object.values(change).some((value) => value !== undefined), {
      error: M.nothingToChange,
    });
}

const CONTACT_DETAIL_FIELDS = {
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
} as const;

export const ContactDetailsChangeSchema = detailsChange(
  ContactMessageSchema.pick(CONTACT_DETAIL_FIELDS),
);
export const QuoteDetailsChangeSchema = detailsChange(
  createPersonalInfoSchema().pick(CONTACT_DETAIL_FIELDS),
);
export const AppointmentDetailsChangeSchema = detailsChange(
  AppointmentSchema.pick({ name: true, email: true, phone: true }),
);
export type ContactDetailsChange = z.output<typeof ContactDetailsChangeSchema>;
export type QuoteDetailsChange = z.output<typeof QuoteDetailsChangeSchema>;
export type AppointmentDetailsChange = z.output<typeof AppointmentDetailsChangeSchema>;
/** Every field a details change can carry, over the three kinds. */
export type LeadDetailsChange = ContactDetailsChange & AppointmentDetailsChange;
