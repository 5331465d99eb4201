import * as z from "zod";
import { PHONE_DISPLAY_MAX_LENGTH } from "../phone.ts";
import {
  choiceOf,
  emailAddress,
  optionalText,
  phoneNumber,
  requiredText,
} from "../schema-helpers.ts";
import { CONTACT_SUBJECT_VALUES } from "./options.ts";

export const CONTACT_LIMITS = {
  nameMaxLength: 50,
  emailMaxLength: 254,
  messageMaxLength: 5000,
} as const;

/** The spec's wording, word for word; the length limits are ours. */
export const CONTACT_FIELD_MESSAGES = {
  firstNameRequired: "First name is required",
  firstNameTooLong: "First name must be at most 50 characters",
  lastNameRequired: "Last name is required",
  lastNameTooLong: "Last name must be at most 50 characters",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  emailTooLong: "Email must be at most 254 characters",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Invalid phone number format (10 digits required)",
  subjectRequired: "Subject is required",
  subjectInvalid: "Please select a subject from the list",
  messageRequired: "Message is required",
  messageTooLong: "Message must be at most 5000 characters",
  notRobot: "Please verify you are not a robot",
  formattedPhoneInvalid: "Formatted phone number must be text",
  formattedPhoneTooLong: "Formatted phone number must be at most 14 characters",
} as const;

const M = CONTACT_FIELD_MESSAGES;

/**
 * Every text field is tag-stripped and trimmed before its rules run, so a stored value
 * never holds a `<` that starts a tag. The phone is stored as its 10 digits.
 */
export const ContactMessageSchema = z.object({
  firstName: requiredText(M.firstNameRequired, CONTACT_LIMITS.nameMaxLength, M.firstNameTooLong),
  lastName: requiredText(M.lastNameRequired, CONTACT_LIMITS.nameMaxLength, M.lastNameTooLong),
  email: emailAddress(
    { required: M.emailRequired, invalid: M.emailInvalid, tooLong: M.emailTooLong },
    CONTACT_LIMITS.emailMaxLength,
  ),
  phone: phoneNumber({ required: M.phoneRequired, invalid: M.phoneInvalid }),
  subject: choiceOf(CONTACT_SUBJECT_VALUES, {
    required: M.subjectRequired,
    invalid: M.subjectInvalid,
  }),
  message: requiredText(
    M.messageRequired,
    CONTACT_LIMITS.messageMaxLength,
    M.messageTooLong,
    "multiline",
  ),
  notRobot: z
    .boolean({ error: M.notRobot })
    .refine((checked): checked is true => checked, { error: M.notRobot }),
  // Display only: sent once the phone has been typed; the digits in `phone` are the truth.
  formattedPhone: optionalText(
    PHONE_DISPLAY_MAX_LENGTH,
    M.formattedPhoneTooLong,
    M.formattedPhoneInvalid,
  ).optional(),
});

export type ContactMessage = z.output<typeof ContactMessageSchema>;
export type ContactMessageInput = z.input<typeof ContactMessageSchema>;
