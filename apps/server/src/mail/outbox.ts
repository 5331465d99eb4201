import type { Kysely } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";

export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingMail = {
  /** What the message is, for operators: "quote.agency", "appointment.visitor", … */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  related?: { type: string; id: string };
  /**
   * The message carries a one-time link (reset, invitation) that works until then. Its
   * stored body is blanked once it is sent, and its .eml copy deleted after this time.
   */
  secretExpiresAt?: Date;
  /** Where replies go (a staff member writing from the app, decision 0068). */
  replyTo?: string;
  /** Attempts before the message counts as failed, if fewer than the sender's MAX_ATTEMPTS. */
  maxAttempts?: number;
  /**
   * Staff said it answers the person's own request: sent as transactional even to someone
   * who asked not to be contacted, without List-Unsubscribe (decision 0081).
   */
  answersOwnRequest?: boolean;
};

/** Whether a message has somewhere to go. */
export function hasAddress(mail: OutgoingMail): boolean {
  return mail.to.trim() !== "";
}

/**
 * Queues a message in the outbox. Call it inside the transaction that stores the record
 * the message is about, so a stored submission always has its mail and a failed one none.
 * Delivery happens later, in the background (mail/sender.ts).
 */
export async function queueMail(
  db: Kysely<Database>,
  mail: OutgoingMail,
  now: Date = new Date(),
): Promise<string> {
  const [row] = outboxRows([mail], now) as [MailOutboxTable];
  await db.insertInto("mail_outbox").values(row).execute();
  return row.id;
}

/**
 * The outbox rows for messages, for a submission to store with its record. A message to no
 * address (a lead staff took without an email, decision 0063) is left out: nothing is sent.
 */
export function outboxRows(mails: OutgoingMail[], now: Date = new Date()): MailOutboxTable[] {
  // One timestamp for all of them (formatting a date is a noticeable part of a submission).
  const at = nowIso(now);
  return mails.filter(hasAddress).map((mail) => ({
    id: newId(),
    kind: mail.kind,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments: JSON.stringify(mail.attachments ?? []),
    status: "pending",
    attempts: 0,
    next_attempt_at: at,
    last_error: null,
    related_type: mail.related?.type ?? null,
    related_id: mail.related?.id ?? null,
    created_at: at,
    sent_at: null,
    secret_expires_at: mail.secretExpiresAt ? nowIso(mail.secretExpiresAt) : null,
    reply_to: mail.replyTo ?? null,
    max_attempts: mail.maxAttempts ?? null,
    answers_request: mail.answersOwnRequest ? 1 : null,
  }));
}
