import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import type { LeadTable } from "./tables.ts";

/**
 * Counts of live (not archived) leads from `lead_hour_counts`, the per-hour tally the
 * database's triggers keep (migration 20261125130000, decision 0032): exact, and a sum of
 * at most one row per hour instead of one index entry per lead.
 */

const HOUR_LENGTH = 13; // "2026-11-24T18"

/** The bucket of an ISO instant, and whether the instant is the bucket's first moment. */
function hourOf(iso: string): { hour: string; isStart: boolean } {
  return { hour: iso.slice(0, HOUR_LENGTH), isStart: iso.slice(HOUR_LENGTH) === ":00:00.000Z" };
}

function hourStart(hour: string): string {
  return `${hour}:00:00.000Z`;
}

function nextHour(hour: string): string {
  return new Date(new Date(hourStart(hour)).getTime() + 3_600_000).toISOString().slice(0, 13);
}

/** Live rows created in [from, to), counted row by row on the created_at index (a short span). */
async function countExactly(db: Kysely<Database>, table: LeadTable, from: string, to: string) {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`count(*)`.as("n"))
    .where("archived_at", "is", null)
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The buckets' sum over whole hours [fromHour, toHour) (either end open when null). */
async function sumHours(
  db: Kysely<Database>,
  table: LeadTable,
  fromHour: string | null,
  toHour: string | null,
): Promise<number> {
  let query = db
    .selectFrom("lead_hour_counts")
    .select(sql<number | string | null>`sum(live)`.as("n"))
    .where("lead_table", "=", table);
  if (fromHour !== null) query = query.where("hour", ">=", fromHour);
  if (toHour !== null) query = query.where("hour", "<", toHour);
  return Number((await query.executeTakeFirstOrThrow()).n ?? 0);
}

/**
 * Live leads of a table created in [from, to) (ISO instants; either end open when null):
 * whole hours from the tally, the partial hours at either end counted exactly.
 */
export async function countLive(
  db: Kysely<Database>,
  table: LeadTable,
  from: string | null,
  to: string | null,
): Promise<number> {
  const start = from === null ? null : hourOf(from);
  const end = to === null ? null : hourOf(to);
  // First whole hour at or after `from`; the hour `to` falls in (whole hours end before it).
  const fromHour = start === null ? null : start.isStart ? start.hour : nextHour(start.hour);
  const toHour = end === null ? null : end.hour;
  if (from !== null && to !== null && fromHour !== null && toHour !== null && fromHour > toHour) {
    return countExactly(db, table, from, to); // within one hour
  }
  const parts = [sumHours(db, table, fromHour, toHour)];
  if (from !== null && fromHour !== null && start !== null && !start.isStart) {
    parts.push(countExactly(db, table, from, hourStart(fromHour)));
  }
  if (to !== null && toHour !== null && end !== null && !end.isStart) {
    parts.push(countExactly(db, table, hourStart(toHour), to));
  }
  return (await Promise.all(parts)).reduce((a, b) => a + b, 0);
}

/**
 * Live leads created in each window [bounds[i], bounds[i + 1]) of consecutive whole-hour
 * bounds (Central midnights are), from one read of the tally.
 */
export async function countLivePerWindow(
  db: Kysely<Database>,
  table: LeadTable,
  bounds: readonly string[],
): Promise<number[]> {
  if (bounds.length < 2) return [];
  const first = bounds[0] as string;
  const last = bounds.at(-1) as string;
  if (!bounds.every((bound) => hourOf(bound).isStart)) {
    return Promise.all(
      bounds.slice(0, -1).map((bound, i) => countLive(db, table, bound, bounds[i + 1] ?? bound)),
    );
  }
  const rows = await db
    .selectFrom("lead_hour_counts")
    .select(["hour", "live"])
    .where("lead_table", "=", table)
    .where("hour", ">=", hourOf(first).hour)
    .where("hour", "<", hourOf(last).hour)
    .execute();
  const counts = bounds.slice(0, -1).map(() => 0);
  const windowStarts = bounds.map((bound) => hourOf(bound).hour);
  for (const row of rows) {
    // The last window whose start is at or before this hour.
    let i = windowStarts.length - 2;
    while (i > 0 && (windowStarts[i] as string) > row.hour) i -= 1;
    counts[i] = (counts[i] ?? 0) + Number(row.live);
  }
  return counts;
}
