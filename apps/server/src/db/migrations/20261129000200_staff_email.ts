// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Email staff send from the app, logged (issue 27 §3, decision 0068).
 *
 * - `staff_emails`: one row per email a staff member wrote, about one record (`about_type`,
 *   `about_id`: a lead today, a person later), with its own copy of what was written and who
 *   wrote it (`sender_name` stays when the account goes). Its delivery state is the outbox
 *   row's (`outbox_id`), read by a join, so the two can never disagree. `earlier_attempts`
 *   counts the attempts made before a Retry started the outbox's count again.
 * - `email_templates`: the saved templates; `name_key` (the name lower-cased) is unique.
 * - `mail_outbox` learns a Reply-To and a per-message attempt limit (null: the sender's own).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("staff_emails")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("about_type", "text", (c) => c.notNull())
    .addColumn("about_id", "text", (c) => c.notNull())
    .addColumn("outbox_id", "text", (c) => c.notNull().unique())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("sender_user_id", "text")
    .addColumn("sender_name", "text", (c) => c.notNull())
    .addColumn("earlier_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_emails_about_idx")
    .on("staff_emails")
    .columns(["about_type", "about_id", "created_at"])
    .execute();

  await db.schema
    .createTable("email_templates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull().unique())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();

  await db.schema.alterTable("mail_outbox").addColumn("reply_to", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("max_attempts", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("max_attempts").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("reply_to").execute();
  await db.schema.dropTable("email_templates").execute();
  await db.schema.dropTable("staff_emails").execute();
}
