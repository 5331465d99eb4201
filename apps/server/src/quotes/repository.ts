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

/** Every quote, newest first, with its drivers (two queries, joined in memory). */
export async function listQuotesWithDrivers(
  db: Kysely<Database>,
): Promise<{ quote: QuoteRow; drivers: DriverRow[] }[]> {
  const quotes = await db
    .selectFrom("auto_quotes")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  if (quotes.length === 0) return [];
  const drivers = await db.selectFrom("quote_drivers").selectAll().orderBy("position").execute();
  const byQuote = new Map<string, DriverRow[]>();
  for (const driver of drivers) {
    const list = byQuote.get(driver.quote_id) ?? [];
    list.push(driver);
    byQuote.set(driver.quote_id, list);
  }
  return quotes.map((quote) => ({ quote, drivers: byQuote.get(quote.id) ?? [] }));
}
