// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Closed days and hours (issue 15, decision 0034): one row per closure on one date; a
 * whole day has no times, a range closes the slots starting in [start_time, end_time).
 * `created_by` is the staff member's id (no foreign key: deleting a user keeps the record).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("closures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("start_time", "text")
    .addColumn("end_time", "text")
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .execute();
  await db.schema.createIndex("closures_date_idx").on("closures").column("date").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("closures").execute();
}
