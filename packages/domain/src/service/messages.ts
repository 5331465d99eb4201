import { AGENCY } from "../agency.ts";
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
