import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { readSetting } from "../db/settings.ts";

/** The Settings key of the due-by rule (business days after arrival). */
export const SERVICE_DUE_DAYS_KEY = "service.dueDays";

/**
 * Takes the next reference number of `year` (1 for its first request). Its own short write,
 * before the request is stored: a request that is then refused or repeated leaves a gap in
 * the numbers, never two requests with one (decision 0077).
 */
export async function takeReferenceNumber(db: Kysely<Database>, year: number): Promise<number> {
  const row = await db
    .insertInto("service_reference_counters")
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column("year")
        .doUpdateSet({ last_number: sql`service_reference_counters.last_number + 1` }),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The due-by rule's days as stored, or undefined when Settings never changed it. */
export async function readDueDays(
  db: Kysely<Database>,
): Promise<{ days: number; updatedAt: string } | undefined> {
  const row = await readSetting(db, SERVICE_DUE_DAYS_KEY);
  if (!row) return undefined;
  const days = Number(JSON.parse(row.value));
  return Number.isInteger(days) ? { days, updatedAt: row.updated_at } : undefined;
}

/** The days from `from` to `to` (inclusive) that a closure takes whole (no times). */
export async function wholeDayClosures(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom("closures")
    .select("date")
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where("start_time", "is", null)
    .execute();
  return new Set(rows.map((row) => row.date));
}

/** One file of a request, bytes included, or undefined. */
export function findAttachment(db: Kysely<Database>, requestId: string, attachmentId: string) {
  return db
    .selectFrom("service_attachments")
    .select(["name", "type", "size", "data"])
    .where("request_id", "=", requestId)
    .where("id", "=", attachmentId)
    .executeTakeFirst();
}
