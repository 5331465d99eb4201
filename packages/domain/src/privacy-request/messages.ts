import { AGENCY } from "../agency.ts";
import { PRIVACY_REQUEST_KIND_LABELS, type PrivacyRequestKind } from "./options.ts";

/** Every message a privacy request's form or staff's forms can show at a field. */
export const PRIVACY_REQUEST_FIELD_MESSAGES = {
  nameRequired: "Your name is required",
  nameTooLong: "Your name must be at most 100 characters",
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  emailTooLong: "Email must be at most 254 characters",
  phoneInvalid: "Invalid phone number format (10 digits required)",
  kindRequired: "Choose what you would like us to do",
  kindInvalid: "Choose what you would like us to do from the list",
  detailsInvalid: "Details must be text",
  detailsTooLong: "Details must be at most 2000 characters",
  linkInvalid: "This link is not valid. Check that you copied the whole link from the email.",
  statusInvalid: "Choose New or In progress",
  assigneeInvalid: "Choose someone from the list",
  assigneeNotAllowed: "Choose someone who handles privacy requests",
  nothingToChange: "Send a status or an assignee to change",
  answerStatusInvalid: "Choose Answered or Refused with reason",
  answerRequired: "Write the answer to send",
  answerTooLong: "The answer must be at most 10000 characters",
} as const;

/** What the privacy request pages say. */
export const PRIVACY_REQUEST_MESSAGES = {
  /** The same answer whether or not the address is known (nothing is told before the click). */
  checkEmail:
    "Check your email. We sent you a link to confirm this request; it works for 7 days. Nothing happens until you click it.",
  sendFailed: "Your request could not be sent. Please try again.",
  verified: "Thank you. Your request is confirmed.",
  verifiedNext: "We will answer by email no later than",
  linkNotFound:
    "This link is not valid. Check that you copied the whole link from the email, or send your request again.",
  linkExpired:
    "This link has expired (links work for 7 days). Please send your request again from our privacy page.",
  notFound: "Privacy request not found",
  alreadyClosed: "This request has already been answered",
} as const;

/** The one-time link the person clicks to confirm a request. */
export function privacyVerifyUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/privacy/verify/${token}`;
}

/**
 * The verification email: what was asked (its kind, never what was typed: a stranger's words
 * never become the agency's mail to someone's inbox), the link, and what to do if it was not
 * them.
 */
export function privacyVerifyMail(kind: PrivacyRequestKind, link: string) {
  return {
    subject: "Confirm your privacy request",
    text: [
      "Hello,",
      "",
      `We received a privacy request from this email address: "${PRIVACY_REQUEST_KIND_LABELS[kind]}".`,
      "To confirm it is you, open this link within 7 days:",
      link,
      "",
      "Nothing is shown or done until you open it. If you did not ask, ignore this email and the request is deleted.",
      "",
      AGENCY.name,
    ].join("\n"),
  };
}

/** The answer staff wrote, as it is emailed to the person. */
export function privacyAnswerMail(kind: PrivacyRequestKind, answer: string) {
  return {
    subject: `Your privacy request: ${PRIVACY_REQUEST_KIND_LABELS[kind]}`,
    text: [answer, "", `If you have questions, call us at ${AGENCY.phone}.`, "", AGENCY.name].join(
      "\n",
    ),
  };
}
