import * as z from "zod";
import { HONEYPOT_FIELD } from "../contact/options.ts";
import { PHONE_DISPLAY_MAX_LENGTH } from "../phone.ts";
import { PRIVACY_FIELD } from "../privacy/schema.ts";
import {
  calendarDate,
  choiceOf,
  emailAddress,
  firstError,
  optionalEmailAddress,
  optionalText,
  phoneNumber,
  requiredText,
} from "../schema-helpers.ts";
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_MESSAGES,
  attachmentTypeOf,
  base64ByteLength,
  isBase64,
} from "./attachments.ts";
import {
  INJURY_ANSWER_VALUES,
  POLICY_CHANGE_TYPE_VALUES,
  SERVICE_KIND_VALUES,
  serviceCarrierChoices,
} from "./options.ts";

export const SERVICE_LIMITS = {
  nameMaxLength: 100,
  policyNumberMaxLength: 40,
  shortTextMaxLength: 200,
  addressMaxLength: 300,
  detailsMaxLength: 5000,
  policeReportMaxLength: 50,
} as const;

const L = SERVICE_LIMITS;

/** Every message a Client Center form can show at a field, in the forms' order. */
export const SERVICE_FIELD_MESSAGES = {
  kindInvalid: "Choose what you need from the Client Center",
  nameRequired: "Your name is required",
  nameTooLong: `Your name must be at most ${L.nameMaxLength} characters`,
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  emailTooLong: "Email must be at most 254 characters",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Invalid phone number format (10 digits required)",
  formattedPhoneInvalid: "Formatted phone number must be text",
  formattedPhoneTooLong: "Formatted phone number must be at most 14 characters",
  carrierRequired: "Choose your insurance company, or Not sure",
  carrierInvalid: "Choose your insurance company from the list, or Not sure",
  policyNumberTooLong: `The policy number must be at most ${L.policyNumberMaxLength} characters`,
  policyNumberInvalid: "The policy number must be text",
  vehiclesRequired: "Tell us which vehicles need ID cards",
  vehiclesTooLong: `Vehicles must be at most ${L.addressMaxLength} characters`,
  changeTypeRequired: "Choose what you would like to change",
  changeTypeInvalid: "Choose a change from the list",
  effectiveDateRequired: "The date the change should start is required",
  effectiveDateInvalid: "Enter the date the change should start as a real date",
  detailsRequired: "Tell us about the change",
  detailsTooLong: `Details must be at most ${L.detailsMaxLength} characters`,
  holderNameRequired: "The certificate holder's name is required",
  holderNameTooLong: `The holder's name must be at most ${L.shortTextMaxLength} characters`,
  holderAddressRequired: "The certificate holder's address is required",
  holderAddressTooLong: `The holder's address must be at most ${L.addressMaxLength} characters`,
  holderEmailInvalid: "The holder's email is invalid",
  holderEmailTooLong: "The holder's email must be at most 254 characters",
  purposeRequired: "Tell us what the certificate is for",
  purposeTooLong: `What it is for must be at most ${L.shortTextMaxLength} characters`,
  neededByRequired: "The date you need it by is required",
  neededByInvalid: "Enter the date you need it by as a real date",
  lossDateRequired: "The date of the loss is required",
  lossDateInvalid: "Enter the date of the loss as a real date",
  lossPlaceRequired: "Where it happened is required",
  lossPlaceTooLong: `Where it happened must be at most ${L.addressMaxLength} characters`,
  descriptionRequired: "Tell us what happened",
  descriptionTooLong: `What happened must be at most ${L.detailsMaxLength} characters`,
  injuriesRequired: "Tell us whether anyone was hurt",
  injuriesInvalid: "Choose Yes, No or Not sure",
  policeReportTooLong: `The police report number must be at most ${L.policeReportMaxLength} characters`,
  policeReportInvalid: "The police report number must be text",
  messageRequired: "Message is required",
  messageTooLong: `Message must be at most ${L.detailsMaxLength} characters`,
  dateOutOfRange: "Enter a date between 1900 and 2100",
} as const;

const M = SERVICE_FIELD_MESSAGES;

/** A date a person types on a form: a real date in 1900–2100 (as policies' dates, 0072). */
function formDate(messages: { required: string; invalid: string }) {
  return calendarDate(messages).refine(
    (value) => value >= "1900-01-01" && value <= "2100-12-31",
    firstError(M.dateOutOfRange),
  );
}

/** One attached file: its name as the client's device had it, and its bytes in base64. */
export const ServiceAttachmentInputSchema = z.object({
  name: requiredText(
    ATTACHMENT_MESSAGES.nameRequired,
    ATTACHMENT_LIMITS.maxNameLength,
    ATTACHMENT_MESSAGES.nameTooLong,
  ),
  data: z
    .string({ error: ATTACHMENT_MESSAGES.notBase64 })
    .max(
      Math.ceil(ATTACHMENT_LIMITS.maxFileBytes / 3) * 4 + 4,
      firstError(ATTACHMENT_MESSAGES.tooBig),
    )
    .refine(isBase64, firstError(ATTACHMENT_MESSAGES.notBase64))
    .refine((data) => base64ByteLength(data) > 0, firstError(ATTACHMENT_MESSAGES.empty))
    .refine(
      (data) => base64ByteLength(data) <= ATTACHMENT_LIMITS.maxFileBytes,
      firstError(ATTACHMENT_MESSAGES.tooBig),
    )
    .refine(
      (data) => attachmentTypeOf(data) !== undefined,
      firstError(ATTACHMENT_MESSAGES.wrongType),
    ),
});
export type ServiceAttachmentInput = z.input<typeof ServiceAttachmentInputSchema>;

const attachments = z
  .array(ServiceAttachmentInputSchema, { error: ATTACHMENT_MESSAGES.notBase64 })
  .max(ATTACHMENT_LIMITS.maxFiles, firstError(ATTACHMENT_MESSAGES.tooMany))
  .refine(
    (files) =>
      files.reduce((sum, file) => sum + base64ByteLength(file.data), 0) <=
      ATTACHMENT_LIMITS.maxTotalBytes,
    firstError(ATTACHMENT_MESSAGES.tooMuch),
  )
  .default([]);

/** Who asks, and about which policy: on every kind. */
const COMMON_FIELDS = {
  name: requiredText(M.nameRequired, L.nameMaxLength, M.nameTooLong),
  email: emailAddress({
    required: M.emailRequired,
    invalid: M.emailInvalid,
    tooLong: M.emailTooLong,
  }),
  phone: phoneNumber({ required: M.phoneRequired, invalid: M.phoneInvalid }),
  // Display only, as on the contact form: the digits in `phone` are the truth.
  formattedPhone: optionalText(
    PHONE_DISPLAY_MAX_LENGTH,
    M.formattedPhoneTooLong,
    M.formattedPhoneInvalid,
  ).optional(),
  carrier: choiceOf(serviceCarrierChoices(), {
    required: M.carrierRequired,
    invalid: M.carrierInvalid,
  }),
  policyNumber: optionalText(
    L.policyNumberMaxLength,
    M.policyNumberTooLong,
    M.policyNumberInvalid,
  ).default(""),
  attachments,
  /** The notice shown and the optional call/text consent (decision 0080). */
  ...PRIVACY_FIELD,
  /** The trap only robots fill (the contact form's). */
  [HONEYPOT_FIELD]: z.unknown().optional(),
};

const kind = <const K extends string>(value: K) => z.literal(value, { error: M.kindInvalid });

/** The fields of each kind, besides the common ones. */
export const SERVICE_KIND_FIELDS = {
  "id-cards": {
    vehicles: requiredText(M.vehiclesRequired, L.addressMaxLength, M.vehiclesTooLong, "multiline"),
  },
  "policy-change": {
    changeType: choiceOf(POLICY_CHANGE_TYPE_VALUES, {
      required: M.changeTypeRequired,
      invalid: M.changeTypeInvalid,
    }),
    effectiveDate: formDate({ required: M.effectiveDateRequired, invalid: M.effectiveDateInvalid }),
    details: requiredText(M.detailsRequired, L.detailsMaxLength, M.detailsTooLong, "multiline"),
  },
  certificate: {
    holderName: requiredText(M.holderNameRequired, L.shortTextMaxLength, M.holderNameTooLong),
    holderAddress: requiredText(
      M.holderAddressRequired,
      L.addressMaxLength,
      M.holderAddressTooLong,
      "multiline",
    ),
    holderEmail: optionalEmailAddress({
      invalid: M.holderEmailInvalid,
      tooLong: M.holderEmailTooLong,
    }),
    purpose: requiredText(M.purposeRequired, L.shortTextMaxLength, M.purposeTooLong),
    neededBy: formDate({ required: M.neededByRequired, invalid: M.neededByInvalid }),
  },
  claim: {
    lossDate: formDate({ required: M.lossDateRequired, invalid: M.lossDateInvalid }),
    lossPlace: requiredText(M.lossPlaceRequired, L.addressMaxLength, M.lossPlaceTooLong),
    description: requiredText(
      M.descriptionRequired,
      L.detailsMaxLength,
      M.descriptionTooLong,
      "multiline",
    ),
    injuries: choiceOf(INJURY_ANSWER_VALUES, {
      required: M.injuriesRequired,
      invalid: M.injuriesInvalid,
    }),
    policeReport: optionalText(
      L.policeReportMaxLength,
      M.policeReportTooLong,
      M.policeReportInvalid,
    ).default(""),
  },
  other: {
    message: requiredText(M.messageRequired, L.detailsMaxLength, M.messageTooLong, "multiline"),
  },
} as const;

/**
 * A Client Center request as the form sends it and the server checks it (one schema for
 * both): the kind, who asks, which policy, the kind's own fields and up to five files.
 */
export const ServiceRequestSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: kind("id-cards"), ...COMMON_FIELDS, ...SERVICE_KIND_FIELDS["id-cards"] }),
    z.object({
      kind: kind("policy-change"),
      ...COMMON_FIELDS,
      ...SERVICE_KIND_FIELDS["policy-change"],
    }),
    z.object({ kind: kind("certificate"), ...COMMON_FIELDS, ...SERVICE_KIND_FIELDS.certificate }),
    z.object({ kind: kind("claim"), ...COMMON_FIELDS, ...SERVICE_KIND_FIELDS.claim }),
    z.object({ kind: kind("other"), ...COMMON_FIELDS, ...SERVICE_KIND_FIELDS.other }),
  ],
  { error: M.kindInvalid },
);
export type ServiceRequest = z.output<typeof ServiceRequestSchema>;
export type ServiceRequestInput = z.input<typeof ServiceRequestSchema>;

/** A request's own fields (not who, policy or files), as stored and shown to staff. */
export type ServiceDetails = Omit<
  ServiceRequest,
  | "kind"
  | "name"
  | "email"
  | "phone"
  | "formattedPhone"
  | "carrier"
  | "policyNumber"
  | "attachments"
  | "privacy"
  | typeof HONEYPOT_FIELD
>;

/** The kind's own fields of a checked request, in the form's order. */
export function serviceDetailsOf(request: ServiceRequest): Record<string, string> {
  const fields = Object.keys(SERVICE_KIND_FIELDS[request.kind]);
  const values = request as unknown as Record<string, string>;
  return Object.fromEntries(fields.map((field) => [field, values[field] ?? ""]));
}

/** How staff read a kind's own field ("lossDate" → "Date of loss"). */
export const SERVICE_DETAIL_LABELS: Record<string, string> = {
  vehicles: "Vehicles",
  changeType: "Change",
  effectiveDate: "Effective date",
  details: "Details",
  holderName: "Certificate holder",
  holderAddress: "Holder's address",
  holderEmail: "Holder's email",
  purpose: "What it is for",
  neededBy: "Needed by",
  lossDate: "Date of loss",
  lossPlace: "Where it happened",
  description: "What happened",
  injuries: "Anyone hurt",
  policeReport: "Police report number",
  message: "Message",
};

/** The kinds a request can be (the discriminator's values), for the address's `?kind=`. */
export function isServiceKind(value: string): value is (typeof SERVICE_KIND_VALUES)[number] {
  return (SERVICE_KIND_VALUES as readonly string[]).includes(value);
}
