import { EMAIL_MAX_LENGTH } from "../email.ts";

/**
 * Privacy requests (issue 30 §2, decision 0082): what a person may ask of the agency under
 * the Insurance Fair Information Reporting Act, and where a request stands.
 */

/** The four requests the privacy page offers, in its order. */
export const PRIVACY_REQUEST_KINDS = ["access", "correct", "delete", "stop-sharing"] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  access: "See my information",
  correct: "Correct my information",
  delete: "Delete my information",
  "stop-sharing": "Stop sharing my information",
};

/** Where a verified request stands; an unverified one has no status staff ever see. */
export const PRIVACY_REQUEST_STATUSES = [
  "new",
  "in-progress",
  "answered",
  "refused-with-reason",
] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  new: "New",
  "in-progress": "In progress",
  answered: "Answered",
  "refused-with-reason": "Refused with reason",
};

/** The statuses that close a request: its due date no longer makes it overdue. */
export const PRIVACY_REQUEST_CLOSED_STATUSES: readonly PrivacyRequestStatus[] = [
  "answered",
  "refused-with-reason",
];

/** The statuses an answer closes a request with. */
export const PRIVACY_ANSWER_STATUSES = ["answered", "refused-with-reason"] as const;

/**
 * Business days after verification a request is due: 72A.497 (access) and 72A.498
 * (correction) give 30 business days; delete and stop-sharing take the same (decision 0082).
 */
export const PRIVACY_REQUEST_DUE_BUSINESS_DAYS = 30;

/** How long the emailed verification link works; an unverified request goes with it. */
export const PRIVACY_VERIFY_LINK_DAYS = 7;

export function isPrivacyRequestKind(value: string): value is PrivacyRequestKind {
  return (PRIVACY_REQUEST_KINDS as readonly string[]).includes(value);
}

export function isPrivacyRequestStatus(value: string): value is PrivacyRequestStatus {
  return (PRIVACY_REQUEST_STATUSES as readonly string[]).includes(value);
}

/** The form's limits (in options, without zod: the privacy page reads them before its rules load). */
export const PRIVACY_REQUEST_LIMITS = {
  nameMaxLength: 100,
  emailMaxLength: EMAIL_MAX_LENGTH,
  detailsMaxLength: 2000,
  answerMaxLength: 10_000,
} as const;
