// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;

/**
 * One lock order for a lead's row triggers on PostgreSQL (decision 0066): a lead's insert,
 * archive, restore or delete bumps its person's live count (`<table>_person_live`) and its
 * hour's tally row (`<table>_hour_counts`, decision 0032). PostgreSQL fires a row's triggers
 * in the order of their names, so the tally row was taken first and the person's row second,
 * while storing a lead takes the person's row first (db/person-matching.ts): two writers of
 * one person's leads in one hour could each hold what the other waited for. Renamed so the
 * person's row always comes first. SQLite has one writer at a time: nothing to do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of LEAD_TABLES) {
    await sql
      .raw(`alter trigger ${table}_person_live on ${table} rename to ${table}_a_person_live`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of LEAD_TABLES) {
    await sql
      .raw(`alter trigger ${table}_a_person_live on ${table} rename to ${table}_person_live`)
      .execute(db);
  }
}
