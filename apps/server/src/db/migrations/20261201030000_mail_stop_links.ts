// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * The "stop contacting me" link (issue 30 §1, decision 0081).
 *
 * - `mail_outbox.answers_request`: 1 when staff said the message answers the person's own
 *   request (it is then sent as transactional: no List-Unsubscribe, and sent even after the
 *   person asked not to be contacted); null otherwise. A row held back after a revocation
 *   gets the status "suppressed" (a text column already; no change needed for it).
 * - An index on the outbox's address and status, for holding back the queued messages of
 *   an address at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("answers_request", "integer").execute();
  await db.schema
    .createIndex("mail_outbox_to_status_idx")
    .on("mail_outbox")
    .columns(["to_address", "status"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_to_status_idx").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("answers_request").execute();
}
