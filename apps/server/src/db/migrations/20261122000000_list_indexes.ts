// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Indexes that match the dashboard's sort orders exactly (the sort columns, then id as the
 * tie-breaker), so a page deep into 10,000 rows is read in index order instead of sorted.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  ["auto_quotes_created_id_idx", "auto_quotes", ["created_at", "id"]],
  ["auto_quotes_name_id_idx", "auto_quotes", ["last_name", "first_name", "id"]],
  ["auto_quotes_amount_id_idx", "auto_quotes", ["quote_amount_cents", "id"]],
  ["contacts_created_id_idx", "contacts", ["created_at", "id"]],
  ["contacts_name_id_idx", "contacts", ["last_name", "first_name", "id"]],
  ["contacts_email_id_idx", "contacts", ["email", "id"]],
  ["appointments_created_id_idx", "appointments", ["created_at", "id"]],
  ["appointments_date_id_idx", "appointments", ["date", "time", "id"]],
  ["appointments_name_id_idx", "appointments", ["name", "id"]],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of INDEXES) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
