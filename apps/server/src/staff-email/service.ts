import {
  type ContactRoutes,
  deliveryErrorSummary,
  EMAIL_TEMPLATES_MAX,
  type EmailTemplate,
  type EmailTemplateInput,
  formatRevokedSince,
  isSingleMailbox,
  STAFF_EMAIL_MAX_ATTEMPTS,
  STAFF_EMAIL_MESSAGES,
  STAFF_EMAILS_PER_LEAD_LIMIT,
  STOP_LINK_MESSAGES,
  type StaffEmail,
  type StaffEmailDraft,
  staffEmailState,
  userDisplayName,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { auditRow, writeAudit } from "../audit/audit.ts";
import type { UserRow } from "../auth/index.ts";
import { addressRevokedSince } from "../consent/index.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database, EmailTemplatesTable, StaffEmailsTable } from "../db/schema.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { runIdempotent, type StoredResponse, storedReplay } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import {
  countTemplates,
  deleteTemplate,
  findEmail,
  findTemplate,
  insertTemplate,
  listEmailsAbout,
  listTemplates,
  requeueFailed,
  type StaffEmailRow,
  templateNameTaken,
  updateTemplate,
} from "./repository.ts";

/**
 * Email from the app (decision 0068). The service knows nothing of leads: it is given who
 * the email goes to and what record it is about (a lead's type and id today, a person's
 * later), so `/api/people/:id/emails` needs only another adapter like the lead routes'.
 */

/** Who the email goes to: one mailbox ("" when the record has none) and a first name. */
export type EmailRecipient = { address: string; firstName: string };
/** The record an email is logged on: its type ("auto_quote", "contact", …) and id. */
export type EmailAbout = { type: string; id: string };
export type EmailActor = { user: UserRow; ip: string };

/** The send routes of every kind share one shape; one kind's types stand for all. */
export type SendEmailRoute = typeof ContactRoutes.sendEmail;
export type EmailSent = StoredResponse<SendEmailRoute>;

export const STAFF_EMAIL_KIND = "staff.email";

export function toStaffEmail(row: StaffEmailRow): StaffEmail {
  // An outbox row is deleted only with its record (retention): what is left was sent.
  const state = staffEmailState(row.status ?? "sent");
  return {
    _id: row.id,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    sender: row.sender_user_id ? { _id: row.sender_user_id, name: row.sender_name } : null,
    state,
    attempts: row.earlier_attempts + (row.attempts ?? 0),
    error: state === "sent" ? null : deliveryErrorSummary(row.last_error),
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

function senderName(user: UserRow): string {
  return userDisplayName({
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
  });
}

/**
 * Queues an email from the agency's address with Reply-To the sender, logged on `about`,
 * at most once per Idempotency-Key (a double submission answers the first email). A
 * record without an address is refused (409) before anything is stored; `stillThere`
 * checks, inside the transaction, that the record was not removed meanwhile.
 */
export async function sendStaffEmail(
  db: Kysely<Database>,
  request: {
    route: SendEmailRoute;
    idempotencyKey: string | string[] | undefined;
    about: EmailAbout;
    recipient: EmailRecipient;
    draft: StaffEmailDraft;
    actor: EmailActor;
    now: Date;
    stillThere: (trx: Transaction<Database>) => Promise<boolean>;
  },
): Promise<EmailSent> {
  const { about, recipient, draft, actor, now } = request;
  // The record's id is part of the request: one key reused on another lead is a 422.
  const idempotent = {
    route: request.route,
    key: request.idempotencyKey,
    payload: { about, draft },
  };
  const replay = await storedReplay(db, idempotent, now);
  if (replay) return replay;
  if (recipient.address.trim() === "") throw conflict(STAFF_EMAIL_MESSAGES.noAddress);
  // Honoured at once (decision 0081): someone who asked not to be contacted gets only an
  // answer to their own request, which staff must say it is.
  const revokedSince = await addressRevokedSince(db, recipient.address);
  if (revokedSince !== null && draft.answersOwnRequest !== true) {
    throw conflict(STOP_LINK_MESSAGES.staffRefused(formatRevokedSince(revokedSince)));
  }

  return runIdempotent(db, idempotent, () => {
    const id = newId();
    const createdAt = nowIso(now);
    const name = senderName(actor.user);
    const [outbox] = outboxRows(
      [
        {
          kind: STAFF_EMAIL_KIND,
          to: recipient.address,
          subject: draft.subject,
          text: draft.body,
          related: about,
          maxAttempts: STAFF_EMAIL_MAX_ATTEMPTS,
          answersOwnRequest: draft.answersOwnRequest === true,
          ...(isSingleMailbox(actor.user.email) ? { replyTo: actor.user.email } : {}),
        },
      ],
      now,
    );
    if (!outbox) throw conflict(STAFF_EMAIL_MESSAGES.noAddress);
    const row: StaffEmailsTable = {
      id,
      about_type: about.type,
      about_id: about.id,
      outbox_id: outbox.id,
      to_address: recipient.address,
      subject: draft.subject,
      body: draft.body,
      sender_user_id: actor.user.id,
      sender_name: name,
      earlier_attempts: 0,
      created_at: createdAt,
    };
    return {
      inserts: [
        { table: "mail_outbox", rows: [outbox] },
        { table: "staff_emails", rows: [row] },
        {
          table: "audit_log",
          rows: [
            auditRow(
              {
                actorUserId: actor.user.id,
                action: "record.emailed",
                target: about,
                ip: actor.ip,
                // The text stays in the email's log, not in the audit trail.
                details: { emailId: id },
              },
              now,
            ),
          ],
        },
      ],
      guard: async (trx) => {
        if (!(await request.stillThere(trx))) throw notFound(STAFF_EMAIL_MESSAGES.leadNotFound);
      },
      response: {
        statusCode: 201,
        body: {
          success: true,
          message: STAFF_EMAIL_MESSAGES.sent,
          data: toStaffEmail({
            ...row,
            status: outbox.status,
            attempts: 0,
            last_error: null,
            sent_at: null,
          }),
        },
      },
    };
  });
}

/**
 * The emails logged on records (a lead; a person's leads later), newest first, each with the
 * record it is about: for a timeline that shows several records at once.
 */
export async function emailsAbout(
  db: Kysely<Database>,
  about: EmailAbout[],
): Promise<{ about: EmailAbout; email: StaffEmail }[]> {
  const rows = await listEmailsAbout(db, about, STAFF_EMAILS_PER_LEAD_LIMIT);
  return rows.map((row) => ({
    about: { type: row.about_type, id: row.about_id },
    email: toStaffEmail(row),
  }));
}

/** One record's emails; an unknown record answers 404, not an empty list. */
export async function emailsOf(
  db: Kysely<Database>,
  about: EmailAbout,
  exists: () => Promise<boolean>,
): Promise<StaffEmail[]> {
  const emails = (await emailsAbout(db, [about])).map((item) => item.email);
  if (emails.length === 0 && !(await exists())) throw notFound(STAFF_EMAIL_MESSAGES.leadNotFound);
  return emails;
}

/** Queues a failed email again (409 unless it is failed), audited. */
export async function retryStaffEmail(
  db: Kysely<Database>,
  about: EmailAbout,
  emailId: string,
  actor: EmailActor,
  now: Date,
): Promise<StaffEmail> {
  return db.transaction().execute(async (trx) => {
    const row = await findEmail(trx, about, emailId);
    if (!row) throw notFound(STAFF_EMAIL_MESSAGES.emailNotFound);
    if (staffEmailState(row.status ?? "sent") !== "failed") {
      throw conflict(STAFF_EMAIL_MESSAGES.notFailed);
    }
    const isRequeued = await requeueFailed(
      trx,
      { id: row.id, outboxId: row.outbox_id, attemptsSoFar: row.attempts ?? 0 },
      nowIso(now),
    );
    if (!isRequeued) throw conflict(STAFF_EMAIL_MESSAGES.notFailed);
    await writeAudit(trx, {
      actorUserId: actor.user.id,
      action: "record.email_retried",
      target: about,
      ip: actor.ip,
      details: { emailId },
    });
    const after = await findEmail(trx, about, emailId);
    if (!after) throw notFound(STAFF_EMAIL_MESSAGES.emailNotFound);
    return toStaffEmail(after);
  });
}

function toTemplate(row: EmailTemplatesTable): EmailTemplate {
  return {
    _id: row.id,
    name: row.name,
    subject: row.subject,
    body: row.body,
    updatedAt: row.updated_at,
  };
}

const nameKeyOf = (name: string) => name.toLowerCase();

export async function emailTemplates(db: Kysely<Database>): Promise<EmailTemplate[]> {
  return (await listTemplates(db)).map(toTemplate);
}

/** A unique name taken by a concurrent save is the same 409 as one taken before. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(STAFF_EMAIL_MESSAGES.templateNameTaken);
    throw error;
  }
}

export async function createEmailTemplate(
  db: Kysely<Database>,
  input: EmailTemplateInput,
  actor: EmailActor,
  now: Date,
): Promise<EmailTemplate> {
  const at = nowIso(now);
  const row: EmailTemplatesTable = {
    id: newId(),
    name: input.name,
    name_key: nameKeyOf(input.name),
    subject: input.subject,
    body: input.body,
    created_at: at,
    updated_at: at,
    updated_by: actor.user.id,
  };
  await uniqueName(() =>
    db.transaction().execute(async (trx) => {
      if ((await countTemplates(trx)) >= EMAIL_TEMPLATES_MAX) {
        throw conflict(STAFF_EMAIL_MESSAGES.templatesFull);
      }
      if (await templateNameTaken(trx, row.name_key, null)) {
        throw conflict(STAFF_EMAIL_MESSAGES.templateNameTaken);
      }
      await insertTemplate(trx, row);
      await writeAudit(trx, {
        actorUserId: actor.user.id,
        action: "email_template.saved",
        target: { type: "email_template", id: row.id },
        ip: actor.ip,
        details: { name: row.name },
      });
    }),
  );
  return toTemplate(row);
}

export async function changeEmailTemplate(
  db: Kysely<Database>,
  id: string,
  input: EmailTemplateInput,
  actor: EmailActor,
  now: Date,
): Promise<EmailTemplate> {
  return uniqueName(() =>
    db.transaction().execute(async (trx) => {
      const current = await findTemplate(trx, id);
      if (!current) throw notFound(STAFF_EMAIL_MESSAGES.templateNotFound);
      const nameKey = nameKeyOf(input.name);
      if (await templateNameTaken(trx, nameKey, id)) {
        throw conflict(STAFF_EMAIL_MESSAGES.templateNameTaken);
      }
      const values = {
        name: input.name,
        name_key: nameKey,
        subject: input.subject,
        body: input.body,
        updated_at: nowIso(now),
        updated_by: actor.user.id,
      };
      await updateTemplate(trx, id, values);
      await writeAudit(trx, {
        actorUserId: actor.user.id,
        action: "email_template.saved",
        target: { type: "email_template", id },
        ip: actor.ip,
        details: { name: input.name, before: current.name },
      });
      return toTemplate({ ...current, ...values });
    }),
  );
}

export async function removeEmailTemplate(
  db: Kysely<Database>,
  id: string,
  actor: EmailActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await findTemplate(trx, id);
    if (!current || !(await deleteTemplate(trx, id))) {
      throw notFound(STAFF_EMAIL_MESSAGES.templateNotFound);
    }
    await writeAudit(trx, {
      actorUserId: actor.user.id,
      action: "email_template.deleted",
      target: { type: "email_template", id },
      ip: actor.ip,
      details: { name: current.name },
    });
  });
}
