import {
  PRIVACY_REQUEST_KIND_LABELS,
  type PrivacyRequestKind,
  privacyAnswerMail,
  privacyVerifyMail,
  privacyVerifyUrl,
} from "@agency/domain";
import type { OutgoingMail } from "../mail/outbox.ts";

/** The related record every privacy request mail names (the outbox's log of what was sent). */
export const PRIVACY_REQUEST_RELATED = "privacy_request";

/**
 * The link to confirm a request: a one-time secret, so its stored body is blanked once sent
 * and its .eml copy goes when the link expires (outbox.ts).
 */
export function verifyMail(
  request: { id: string; kind: PrivacyRequestKind; email: string },
  link: { publicUrl: string; token: string; expiresAt: Date },
): OutgoingMail {
  const mail = privacyVerifyMail(request.kind, privacyVerifyUrl(link.publicUrl, link.token));
  return {
    kind: "privacy.verify",
    to: request.email,
    subject: mail.subject,
    text: mail.text,
    related: { type: PRIVACY_REQUEST_RELATED, id: request.id },
    secretExpiresAt: link.expiresAt,
  };
}

/** The agency's notice of a verified request: what, who, by when, and where to work it. */
export function agencyNoticeMail(
  request: { id: string; kind: PrivacyRequestKind; name: string; dueOn: string },
  meta: { notifyEmail: string; publicUrl: string },
): OutgoingMail {
  const kind = PRIVACY_REQUEST_KIND_LABELS[request.kind];
  return {
    kind: "privacy.agency",
    to: meta.notifyEmail,
    subject: `New privacy request: ${kind} (due ${request.dueOn})`,
    text: [
      `${request.name} confirmed a privacy request (${kind}) by the link emailed to them.`,
      `The law gives us until ${request.dueOn} to answer (30 business days).`,
      `Open it in the dashboard: ${meta.publicUrl.replace(/\/+$/, "")}/dashboard/privacy/${request.id}`,
    ].join("\n"),
    related: { type: PRIVACY_REQUEST_RELATED, id: request.id },
  };
}

/** Staff's answer, to the address that confirmed the request. */
export function answerMail(
  request: { id: string; kind: PrivacyRequestKind; email: string },
  answer: string,
): OutgoingMail {
  const mail = privacyAnswerMail(request.kind, answer);
  return {
    kind: "privacy.answer",
    to: request.email,
    subject: mail.subject,
    text: mail.text,
    related: { type: PRIVACY_REQUEST_RELATED, id: request.id },
  };
}
