import type { Kysely } from "kysely";
import type { Database, EmailTemplatesTable } from "../db/schema.ts";

/** A logged email with its outbox row's delivery columns (null once the outbox row is gone). */
export type StaffEmailRow = {
  id: string;
  about_type: string;
  about_id: string;
  outbox_id: string;
  to_address: string;
  subject: string;
  body: string;
  sender_user_id: string | null;
  sender_name: string;
  earlier_attempts: number;
  created_at: string;
  status: string | null;
  attempts: number | null;
  last_error: string | null;
  sent_at: string | null;
};

function selectEmails(db: Kysely<Database>) {
  return db
    .selectFrom("staff_emails as e")
    .leftJoin("mail_outbox as m", "m.id", "e.outbox_id")
    .select([
      "e.id",
      "e.about_type",
      "e.about_id",
      "e.outbox_id",
      "e.to_address",
      "e.subject",
      "e.body",
      "e.sender_user_id",
      "e.sender_name",
      "e.earlier_attempts",
      "e.created_at",
      "m.status",
      "m.attempts",
      "m.last_error",
      "m.sent_at",
    ]);
}

/** The emails about some records, newest first, at most `limit`. */
export function listEmailsAbout(
  db: Kysely<Database>,
  about: { type: string; id: string }[],
  limit: number,
): Promise<StaffEmailRow[]> {
  if (about.length === 0) return Promise.resolve([]);
  const idsByType = new Map<string, string[]>();
  for (const { type, id } of about) idsByType.set(type, [...(idsByType.get(type) ?? []), id]);
  return selectEmails(db)
    .where((eb) =>
      eb.or(
        [...idsByType].map(([type, ids]) =>
          eb.and([eb("e.about_type", "=", type), eb("e.about_id", "in", ids)]),
        ),
      ),
    )
    .orderBy("e.created_at", "desc")
    .orderBy("e.id", "desc")
    .limit(limit)
    .execute();
}

export function findEmail(
  db: Kysely<Database>,
  about: { type: string; id: string },
  emailId: string,
): Promise<StaffEmailRow | undefined> {
  return selectEmails(db)
    .where("e.id", "=", emailId)
    .where("e.about_type", "=", about.type)
    .where("e.about_id", "=", about.id)
    .executeTakeFirst();
}

/**
 * Queues a failed outbox row again, at once, with a fresh count of attempts; the attempts
 * made so far are added to the email's own count. Answers false when the row was not failed
 * (a second Retry, or the sender got to it first).
 */
export async function requeueFailed(
  db: Kysely<Database>,
  email: { id: string; outboxId: string; attemptsSoFar: number },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: at, last_error: null })
    .where("id", "=", email.outboxId)
    .where("status", "=", "failed")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .updateTable("staff_emails")
    .set((eb) => ({ earlier_attempts: eb("earlier_attempts", "+", email.attemptsSoFar) }))
    .where("id", "=", email.id)
    .execute();
  return true;
}

export function listTemplates(db: Kysely<Database>): Promise<EmailTemplatesTable[]> {
  return db.selectFrom("email_templates").selectAll().orderBy("name_key").execute();
}

export function findTemplate(
  db: Kysely<Database>,
  id: string,
): Promise<EmailTemplatesTable | undefined> {
  return db.selectFrom("email_templates").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countTemplates(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("email_templates")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function templateNameTaken(
  db: Kysely<Database>,
  nameKey: string,
  exceptId: string | null,
): Promise<boolean> {
  let query = db.selectFrom("email_templates").select("id").where("name_key", "=", nameKey);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertTemplate(db: Kysely<Database>, row: EmailTemplatesTable) {
  await db.insertInto("email_templates").values(row).execute();
}

export async function updateTemplate(
  db: Kysely<Database>,
  id: string,
  values: Pick<
    EmailTemplatesTable,
    "name" | "name_key" | "subject" | "body" | "updated_at" | "updated_by"
  >,
) {
  await db.updateTable("email_templates").set(values).where("id", "=", id).execute();
}

export async function deleteTemplate(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("email_templates").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
