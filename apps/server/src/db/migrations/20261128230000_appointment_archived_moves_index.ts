// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, sql } from "kysely";

/**
 * A booking counts once, on its earliest live row (decision 0064). When the rows before a
 * moved row are all archived, that moved row is the one that counts: the overview finds
 * such chains from the archived rows that were moved on. This partial index holds only
 * those (a few), so the overview never walks the archived appointments to find them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index appointments_archived_moved_on_idx on appointments (rescheduled_from) where archived_at is not null and rescheduled_to is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("appointments_archived_moved_on_idx").ifExists().execute();
}
