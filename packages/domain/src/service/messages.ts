import { AGENCY } from "../agency.ts";
import {
  fillTemplate,
  STAFF_EMAIL_SUBJECT_MAX_LENGTH,
  type StaffEmailDraft,
} from "../staff-email/schema.ts";
import { SERVICE_DUE_DAYS_RANGE } from "./options.ts";

/** What the Client Center and the service pipeline say (issue 29). */
export const SERVICE_MESSAGES = {
  successTitle: "Request received",
  /** Under the reference on the answer: what happens next. */
  nextSteps:
    "An agent will look at your request and get back to you, usually within one business day. We have emailed you a confirmation with this reference number.",
  /** Every form says it (issue 29 §1). */
  notInEffect: "A change to your policy is not in effect until an agent confirms it.",
  claimEmergency: "In an emergency, call 911 first.",
  claimNotReported:
    "Telling us about a claim does not report it to your insurance company. Call your carrier's 24/7 claims line, too.",
  sendFailed: "Your request could not be sent. Please try again.",
  dueDaysInvalid: `Due by must be a whole number of business days from ${SERVICE_DUE_DAYS_RANGE.min} to ${SERVICE_DUE_DAYS_RANGE.max}`,
  notFound: "Service request not found",
  attachmentNotFound: "Attachment not found",
} as const;

/** The client's confirmation: the reference and what happens next, none of what they typed. */
export function serviceConfirmationMail(reference: string) {
  return {
    subject: `We received your request ${reference}`,
    text: [
      "Hello,",
      "",
      `We received your request. Its reference number is ${reference}.`,
      "An agent will look at it and get back to you, usually within one business day.",
      SERVICE_MESSAGES.notInEffect,
      "",
      `If you need us sooner, call ${AGENCY.phone}.`,
      "",
      AGENCY.name,
    ].join("\n"),
  };
}

/** The subject staff's email from a request starts with (its reference). */
export function serviceEmailSubject(reference: string): string {
  return `Your request ${reference}`;
}

/**
 * A staff email from a request as it is sent (decision 0078): `{{reference}}` filled with
 * the request's reference, and the reference in the subject (the client's reply and the
 * agency's inbox find the request by it): a subject without it gets it in front.
 */
export function serviceEmailDraft(reference: string, draft: StaffEmailDraft): StaffEmailDraft {
  const subject = fillTemplate(draft.subject, { reference });
  const body = fillTemplate(draft.body, { reference });
  // Whether it answers the person's own request (decision 0081) goes with it.
  const answersOwnRequest =
    draft.answersOwnRequest === undefined ? {} : { answersOwnRequest: draft.answersOwnRequest };
  if (subject.includes(reference)) return { subject, body, ...answersOwnRequest };
  // Cut to the subject's limit (UTF-16 units, as the schema counts) between code points.
  let cut = "";
  for (const char of `${serviceEmailSubject(reference)}: ${subject}`) {
    if (cut.length + char.length > STAFF_EMAIL_SUBJECT_MAX_LENGTH) break;
    cut += char;
  }
  return { subject: cut.trimEnd(), body, ...answersOwnRequest };
}

/**
 * The saved template a request marked Done sends the client (decision 0078), seeded by
 * migration 20261130020000 (which keeps its own copy of this text: migrations are frozen).
 */
export const SERVICE_DONE_TEMPLATE = {
  name: "Request done",
  subject: "Your request {{reference}} is done",
  body: [
    "Hi {{firstName}},",
    "",
    "Your request {{reference}} is done.",
    "If anything is not as you expected, reply to this email or call us and mention the reference.",
    "",
    "Thank you,",
    "{{agentName}}",
  ].join("\n"),
} as const;
