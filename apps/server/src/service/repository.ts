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

/** The files of these requests without their bytes, by request, in the order they were sent. */
export async function attachmentsOf(
  db: Kysely<Database>,
  requestIds: readonly string[],
): Promise<Map<string, { _id: string; name: string; type: string; size: number }[]>> {
  const files = new Map<string, { _id: string; name: string; type: string; size: number }[]>();
  if (requestIds.length === 0) return files;
  const rows = await db
    .selectFrom("service_attachments")
    .select(["id", "request_id", "name", "type", "size"])
    .where("request_id", "in", requestIds)
    .orderBy("request_id")
    .orderBy("position")
    .execute();
  for (const row of rows) {
    const list = files.get(row.request_id) ?? [];
    list.push({ _id: row.id, name: row.name, type: row.type, size: Number(row.size) });
    files.set(row.request_id, list);
  }
  return files;
}

/** A person's live requests, newest first (at most 200: the person page's list). */
export function personServiceRequests(db: Kysely<Database>, personId: string) {
  return db
    .selectFrom("service_requests")
    .selectAll()
    .where("person_id", "=", personId)
    .where("archived_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
}

/** Whether a person of this id exists. */
export async function personExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom("persons").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/**
 * Open requests (not done, not archived) due on or before `today`: one staff member's, or
 * those nobody has (`assignedTo: null`), oldest due first.
 */
export function dueRequests(
  db: Kysely<Database>,
  today: string,
  assignedTo: string | null,
  limit: number,
) {
  const query = db
    .selectFrom("service_requests")
    .select(["id", "reference", "kind", "name", "status", "due_on", "assigned_to"])
    .where("archived_at", "is", null)
    .where("status", "<>", "done")
    .where("due_on", "<=", today);
  return (
    assignedTo === null
      ? query.where("assigned_to", "is", null)
      : query.where("assigned_to", "=", assignedTo)
  )
    .orderBy("due_on")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
}
