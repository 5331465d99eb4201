// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, sql } from "kysely";

/**
 * Visitors manage their booking from a link (issue 15, decision 0035):
 * - `manage_token_hash`: sha256 (hex) of the link's token, never the token itself; unique,
 *   null once the link is dead (cancelled, moved away) or for bookings made before;
 * - `ics_uid`, `ics_sequence`: the calendar invitation's UID (kept across moves: the first
 *   booking's id, as the invitations sent before used) and SEQUENCE (one more per change);
 * - `rescheduled_from` / `rescheduled_to`: the rows a move links (the old row is kept);
 * - `cancelled_at`, `cancel_reason`: when and why a booking was cancelled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").addColumn("manage_token_hash", "text").execute();
  await db.schema.alterTable("appointments").addColumn("ics_uid", "text").execute();
  await db.schema
    .alterTable("appointments")
    .addColumn("ics_sequence", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("appointments").addColumn("rescheduled_from", "text").execute();
  await db.schema.alterTable("appointments").addColumn("rescheduled_to", "text").execute();
  await db.schema.alterTable("appointments").addColumn("cancelled_at", "text").execute();
  await db.schema.alterTable("appointments").addColumn("cancel_reason", "text").execute();
  await sql`update appointments set ics_uid = id`.execute(db);
  await db.schema
    .createIndex("appointments_manage_token_idx")
    .on("appointments")
    .column("manage_token_hash")
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("appointments_manage_token_idx").ifExists().execute();
  for (const column of [
    "cancel_reason",
    "cancelled_at",
    "rescheduled_to",
    "rescheduled_from",
    "ics_sequence",
    "ics_uid",
    "manage_token_hash",
  ]) {
    await db.schema.alterTable("appointments").dropColumn(column).execute();
  }
}
