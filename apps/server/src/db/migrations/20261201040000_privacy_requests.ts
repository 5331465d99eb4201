// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Privacy requests (issue 30 §2, decision 0082): a person's request to see, correct, delete
 * or stop sharing their information. A row is written unverified, with only the hash of its
 * emailed link's token; it counts (is listed, gets a due date and a person) only once the
 * link is clicked, and an unverified row is purged when its link expires.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("privacy_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("token_expires_at", "text", (c) => c.notNull())
    .addColumn("verified_at", "text")
    .addColumn("due_on", "text")
    .addColumn("person_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_changed_at", "text", (c) => c.notNull())
    .addColumn("assigned_to", "text")
    .addColumn("answer", "text")
    .addColumn("answered_at", "text")
    .addColumn("answered_by", "text")
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("privacy_requests_due_idx")
    .on("privacy_requests")
    .columns(["verified_at", "due_on", "id"])
    .execute();
  await db.schema
    .createIndex("privacy_requests_expiry_idx")
    .on("privacy_requests")
    .columns(["token_expires_at"])
    .execute();
  await db.schema
    .createIndex("privacy_requests_person_idx")
    .on("privacy_requests")
    .columns(["person_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("privacy_requests").execute();
}
