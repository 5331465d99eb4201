import type { Kysely } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import type { LeadTable } from "../lead/index.ts";

/** A lead's contact columns: an appointment has one name, the others two. */
export type DetailColumns = {
  first_name?: string;
  last_name?: string;
  name?: string;
  email?: string;
  phone?: string;
};

/**
 * One lead's row, read inside the change's transaction. On PostgreSQL the row is locked
 * until it commits, so the "before" of a concurrent second change is the first's "after";
 * SQLite's transactions never overlap (one connection).
 */
export async function findLeadRowForChange<T extends LeadTable>(
  trx: Kysely<Database>,
  table: T,
  id: string,
  engine: DatabaseEngine,
): Promise<Database[T] | undefined> {
  // biome-ignore lint/suspicious/noExplicitAny: one code path for three tables; typed by T
  const untyped = trx as unknown as Kysely<any>;
  const query = untyped.selectFrom(table).selectAll().where("id", "=", id);
  const row = await (engine === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  return row as Database[T] | undefined;
}

/** Writes the changed contact columns with the lead's new search text (and email key). */
export async function updateLeadDetails(
  trx: Kysely<Database>,
  table: LeadTable,
  id: string,
  set: DetailColumns & { email_key?: string; search_text: string; updated_at: string },
): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: one code path for three tables
  const untyped = trx as unknown as Kysely<any>;
  await untyped.updateTable(table).set(set).where("id", "=", id).execute();
}
