// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * A manage link may move its booking a few times per Central calendar day (issue 24 §4):
 * each booking row carries how many moves its visitor's link made on which day
 * (`visitor_moves` on `visitor_moves_on`, a YYYY-MM-DD Central date; null before the first).
 * A move copies them to the new row, one more, so the count follows the booking across its
 * rows and lives in the database: it holds across instances. Bookings stored before have
 * made no move counted yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").addColumn("visitor_moves_on", "text").execute();
  await db.schema
    .alterTable("appointments")
    .addColumn("visitor_moves", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("appointments").dropColumn("visitor_moves").execute();
  await db.schema.alterTable("appointments").dropColumn("visitor_moves_on").execute();
}
