// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * The refresh token a session had before its last rotation, and when it rotated: a reload
 * that cut off the answer carrying the new cookie presents the old one again, and is let in
 * for a short while instead of being signed out (auth/sessions.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("previous_refresh_token_hash", "text").execute();
  await db.schema.alterTable("sessions").addColumn("rotated_at", "text").execute();
  await db.schema
    .createIndex("sessions_previous_refresh_idx")
    .on("sessions")
    .column("previous_refresh_token_hash")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("sessions_previous_refresh_idx").ifExists().execute();
  await db.schema.alterTable("sessions").dropColumn("rotated_at").execute();
  await db.schema.alterTable("sessions").dropColumn("previous_refresh_token_hash").execute();
}
