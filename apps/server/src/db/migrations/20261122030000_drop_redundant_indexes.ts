// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Indexes made redundant by the list indexes (20261122000000), which start with the same
 * columns: every query they served is served as well by the longer one, and each costs
 * every insert. appointments_date_idx duplicates the unique (date, time) index.
 */
const REDUNDANT: [name: string, table: string, columns: string[]][] = [
  ["auto_quotes_created_at_idx", "auto_quotes", ["created_at"]],
  ["auto_quotes_name_idx", "auto_quotes", ["last_name", "first_name"]],
  ["contacts_created_at_idx", "contacts", ["created_at"]],
  ["contacts_name_idx", "contacts", ["last_name", "first_name"]],
  ["contacts_email_idx", "contacts", ["email"]],
  ["appointments_created_at_idx", "appointments", ["created_at"]],
  ["appointments_date_idx", "appointments", ["date", "time"]],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name] of REDUNDANT) await db.schema.dropIndex(name).ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of REDUNDANT) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  }
}
