// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;

/**
 * Working a lead (issue 14, decision 0027): how a logged call went, and an index for each
 * staff member's follow-ups that have come (assigned_to = me and follow_up_on <= today).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // "reached", "left-voicemail" or "no-answer" for a call; null for a note.
  await db.schema.alterTable("lead_notes").addColumn("outcome", "text").execute();
  for (const table of LEAD_TABLES) {
    await db.schema
      .createIndex(`${table}_my_follow_ups_idx`)
      .on(table)
      .columns(["assigned_to", "follow_up_on"])
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_my_follow_ups_idx`).ifExists().execute();
  }
  await db.schema.alterTable("lead_notes").dropColumn("outcome").execute();
}
