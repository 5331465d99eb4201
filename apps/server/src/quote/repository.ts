import type { Kysely } from "kysely";
import type { AutoQuotesTable, Database, QuoteDriversTable } from "../db/schema.ts";

export type QuoteRow = AutoQuotesTable;
export type DriverRow = QuoteDriversTable;

/** The drivers of the given quotes, in their order. */
export async function driversOf(
  db: Kysely<Database>,
  quoteIds: string[],
): Promise<Map<string, DriverRow[]>> {
  const byQuote = new Map<string, DriverRow[]>();
  if (quoteIds.length === 0) return byQuote;
  const drivers = await db
    .selectFrom("quote_drivers")
    .selectAll()
    .where("quote_id", "in", quoteIds)
    .orderBy("quote_id")
    .orderBy("position")
    .execute();
  for (const driver of drivers) {
    const list = byQuote.get(driver.quote_id) ?? [];
    list.push(driver);
    byQuote.set(driver.quote_id, list);
  }
  return byQuote;
}

export function findQuoteRow(db: Kysely<Database>, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom("auto_quotes").selectAll().where("id", "=", id).executeTakeFirst();
}
