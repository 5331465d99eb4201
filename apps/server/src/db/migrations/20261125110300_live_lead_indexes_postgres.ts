// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * PostgreSQL does not take `archived_at is null` as a constant key for ordering, so the
 * (archived_at, …) indexes of 20261125110200 gave it no order: the first page of a list
 * scanned and sorted every live lead (230 ms at 100,000 quotes). Partial indexes over the
 * sort columns `where archived_at is null` give it both the order and the filter (and
 * index-only scans: the predicate's column need not be in the index). SQLite keeps the
 * composite ones, which it walks in order and reads alone.
 */
const SORT_INDEXES: [name: string, table: string, columns: string[]][] = [
  ["auto_quotes_created_id_idx", "auto_quotes", ["created_at", "id"]],
  ["auto_quotes_name_id_idx", "auto_quotes", ["last_name", "first_name", "id"]],
  ["auto_quotes_amount_id_idx", "auto_quotes", ["quote_amount_cents", "id"]],
  ["contacts_created_id_idx", "contacts", ["created_at", "id"]],
  ["contacts_name_id_idx", "contacts", ["last_name", "first_name", "id"]],
  ["contacts_email_id_idx", "contacts", ["email", "id"]],
  ["appointments_created_id_idx", "appointments", ["created_at", "id"]],
  ["appointments_date_id_idx", "appointments", ["date", "time", "id"]],
  ["appointments_name_id_idx", "appointments", ["name", "id"]],
  ["auto_quotes_live_status_idx", "auto_quotes", ["status", "created_at", "id"]],
  ["contacts_live_status_idx", "contacts", ["status", "created_at", "id"]],
  ["appointments_live_status_idx", "appointments", ["status", "created_at", "id"]],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [name, table, columns] of SORT_INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(columns)
      .where(sql.ref("archived_at"), "is", null)
      .execute();
  }
  // Archived leads (the Archived filter, the retention purge) are found by this one.
  for (const table of ["auto_quotes", "contacts", "appointments"]) {
    await db.schema
      .createIndex(`${table}_archived_idx`)
      .ifNotExists()
      .on(table)
      .columns(["archived_at"])
      .where(sql.ref("archived_at"), "is not", null)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of ["auto_quotes", "contacts", "appointments"]) {
    await db.schema.dropIndex(`${table}_archived_idx`).ifExists().execute();
  }
  for (const [name, table, columns] of SORT_INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(["archived_at", ...columns])
      .execute();
  }
}
