import { AGENCY, CONTACT_MESSAGES, type ContactMessage, type ContactRecord } from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { runIdempotent, type StoredResponse } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { queueMail } from "../mail/outbox.ts";
import { contactMails } from "./mail.ts";

function submitted(id: string, createdAt: string): StoredResponse {
  return {
    statusCode: 201,
    body: { success: true, message: CONTACT_MESSAGES.successTitle, data: { _id: id, createdAt } },
  };
}

/** Stores the message and queues the agency's notice and the visitor's confirmation. */
export function submitContact(
  db: Kysely<Database>,
  contact: ContactMessage,
  options: { idempotencyKey: string | string[] | undefined; notifyEmail: string | undefined },
): Promise<StoredResponse> {
  return runIdempotent(
    db,
    { route: "POST /api/contacts/send-contact", key: options.idempotencyKey, payload: contact },
    async (trx) => {
      const id = newId();
      const now = new Date();
      const createdAt = nowIso(now);
      await trx
        .insertInto("contacts")
        .values({
          id,
          first_name: contact.firstName,
          last_name: contact.lastName,
          email: contact.email,
          phone: contact.phone,
          subject: contact.subject,
          message: contact.message,
          created_at: createdAt,
        })
        .execute();
      const notifyEmail = options.notifyEmail ?? AGENCY.email;
      for (const mail of contactMails(contact, { id, notifyEmail })) {
        await queueMail(trx, mail, now);
      }
      return submitted(id, createdAt);
    },
  );
}

/**
 * What a bot that filled the honeypot sees: the same success, with nothing stored and no
 * mail sent, so it learns nothing about the trap.
 */
export function pretendSubmitted(): StoredResponse {
  return submitted(newId(), nowIso());
}

/** Every message, newest first, in the API's shape. */
export async function listContacts(db: Kysely<Database>): Promise<ContactRecord[]> {
  const rows = await db
    .selectFrom("contacts")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    createdAt: row.created_at,
  }));
}
