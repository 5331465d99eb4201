// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, sql } from "kysely";

const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;

/**
 * The lists sorted by next task (decision 0067), after 20261129000100: its index led with
 * `archived_at`, which the lists test with IS NULL. SQLite reads that as an equality and
 * walked the index in order; PostgreSQL does not, so it scanned and sorted every live lead
 * (contacts by next task at offset 2,000: 58 ms p50 at 100,000 with tasks). Now a partial
 * index of live leads in the sort's own order, as the lists' other sort indexes
 * (migration 20261125110200).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_live_next_task_idx`).ifExists().execute();
    await db.schema
      .createIndex(`${table}_live_next_task_idx`)
      .on(table)
      .columns(["next_task_at", "id"])
      .where(sql.ref("archived_at"), "is", null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_live_next_task_idx`).ifExists().execute();
    await db.schema
      .createIndex(`${table}_live_next_task_idx`)
      .on(table)
      .columns(["archived_at", "next_task_at", "id"])
      .execute();
  }
}
