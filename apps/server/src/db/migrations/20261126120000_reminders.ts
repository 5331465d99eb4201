// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Reminders (issue 15 §2, decision 0036). Each table is the "sent once" record of one kind
 * of scheduled mail: the instance whose insert wins (its primary key is new) queues the
 * message in the same transaction; every other instance, and every later pass, finds the
 * key taken and queues nothing. On PostgreSQL a concurrent insert of the same key waits for
 * the winner to commit and then conflicts; SQLite has one writer at a time.
 *
 * - appointment_reminders: the visitor's reminder, per appointment and start instant (an
 *   appointment moved in place to another time is a new key, so it is reminded again);
 * - agency_day_lists: the agency's list of one business day's appointments, per listed day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("appointment_reminders")
    .addColumn("appointment_id", "text", (c) => c.notNull())
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("queued_at", "text", (c) => c.notNull())
    .addColumn("mail_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("appointment_reminders_pkey", ["appointment_id", "starts_at"])
    .execute();
  await db.schema
    .createTable("agency_day_lists")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("queued_at", "text", (c) => c.notNull())
    .addColumn("mail_id", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("agency_day_lists").ifExists().execute();
  await db.schema.dropTable("appointment_reminders").ifExists().execute();
}
