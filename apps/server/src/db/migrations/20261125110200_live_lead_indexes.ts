// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Since archiving (issue 14), every list, count and overview query asks for live leads
 * (`archived_at is null`). The sort indexes of 20261122000000 did not hold archived_at, so
 * each row an index walk passed was read in full to check it: at 100,000 quotes the
 * overview took seconds and a page 5,000 deep by name tens of milliseconds. The same
 * indexes with archived_at in front serve those queries from the index alone (NULL is an
 * ordinary key on both engines); one more serves a status filter in date order. The
 * archived_at index of 20261125090000 is a prefix of all of them and goes.
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
];
const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of SORT_INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema
      .createIndex(name)
      .on(table)
      .columns(["archived_at", ...columns])
      .execute();
  }
  for (const table of LEAD_TABLES) {
    await db.schema
      .createIndex(`${table}_live_status_idx`)
      .on(table)
      .columns(["archived_at", "status", "created_at", "id"])
      .execute();
    await db.schema.dropIndex(`${table}_archived_idx`).ifExists().execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_live_status_idx`).ifExists().execute();
    await db.schema
      .createIndex(`${table}_archived_idx`)
      .on(table)
      .columns(["archived_at"])
      .execute();
  }
  for (const [name, table, columns] of SORT_INDEXES) {
    await db.schema.dropIndex(name).ifExists().execute();
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}
