// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, sql } from "kysely";

/**
 * A move keeps the old row (status Rescheduled) and adds a new one linked by
 * `rescheduled_from`, so the hourly tally counts a booking moved three times as four. The
 * overview counts each booking once (decision 0064) by taking the rows a move made back out
 * of the tally's figures: this partial index holds only those rows (a few), so reading them
 * for 60 days or counting them all never walks the appointments.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index appointments_moved_idx on appointments (created_at) where rescheduled_from is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("appointments_moved_idx").ifExists().execute();
}
