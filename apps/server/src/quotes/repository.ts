import type { Kysely } from "kysely";
import type { AutoQuotesTable, Database, QuoteDriversTable } from "../db/schema.ts";

export type QuoteRow = AutoQuotesTable;
export type DriverRow = QuoteDriversTable;

/** Writes a quote and its drivers; call inside a transaction so neither exists alone. */
export async function insertQuote(
  db: Kysely<Database>,
  quote: QuoteRow,
  drivers: DriverRow[],
): Promise<void> {
  await db.insertInto("auto_quotes").values(quote).execute();
  if (drivers.length > 0) await db.insertInto("quote_drivers").values(drivers).execute();
}
