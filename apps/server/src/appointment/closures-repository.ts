import type { Kysely } from "kysely";
import type { ClosuresTable, Database } from "../db/schema.ts";

/** All SQL of closed days and hours (decision 0034). */

/** The closures of one date, oldest first (the first whole-day one names the day's reason). */
export function closuresOn(db: Kysely<Database>, date: string) {
  return db
    .selectFrom("closures")
    .selectAll()
    .where("date", "=", date)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** Closures from `today` on (by date; the service orders times), with the name of whoever added each. */
export function closuresFrom(db: Kysely<Database>, today: string) {
  return db
    .selectFrom("closures")
    .leftJoin("users", "users.id", "closures.created_by")
    .selectAll("closures")
    .select(["users.first_name", "users.last_name", "users.email"])
    .where("closures.date", ">=", today)
    .orderBy("closures.date")
    .orderBy("closures.created_at")
    .execute();
}

/** Closures of the dates `from`..`to` (inclusive), by date. */
export function closuresBetween(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("closures")
    .select(["date", "start_time", "end_time", "reason"])
    .where("date", ">=", from)
    .where("date", "<=", to)
    .orderBy("date")
    .orderBy("created_at")
    .execute();
}

export async function insertClosure(db: Kysely<Database>, row: ClosuresTable): Promise<void> {
  await db.insertInto("closures").values(row).execute();
}

export function findClosure(db: Kysely<Database>, id: string) {
  return db.selectFrom("closures").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Deletes one closure; answers whether it existed. */
export async function deleteClosure(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom("closures").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The live appointments holding a seat on `date` at any of `times`. */
export function seatHoldersAt(db: Kysely<Database>, date: string, times: readonly string[]) {
  if (times.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("appointments")
    .select(["id", "name", "date", "time", "status"])
    .where("date", "=", date)
    .where("time", "in", [...times])
    .where("seat", "is not", null)
    .where("archived_at", "is", null)
    .execute();
}
