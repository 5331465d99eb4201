import { OPEN_APPOINTMENT_STATUSES } from "@agency/domain";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

/** The times already booked on a date. */
export async function bookedTimes(db: Kysely<Database>, date: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom("appointments")
    .select("time")
    .where("date", "=", date)
    .execute();
  return new Set(rows.map((row) => row.time));
}

/**
 * PostgreSQL only: transaction-scoped advisory locks on the keys, taken in one (sorted)
 * order so two transactions never wait on each other in a cycle.
 */
export async function lockKeysForTransaction(
  trx: Transaction<Database>,
  keys: readonly string[],
): Promise<void> {
  for (const key of [...keys].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

/** Upcoming open, live bookings (from `today`) by this email (any case) or this phone number. */
export function openBookingsOf(
  trx: Transaction<Database>,
  person: { email: string; phone: string },
  today: string,
) {
  return trx
    .selectFrom("appointments")
    .select(["email", "phone"])
    .where("date", ">=", today)
    .where("status", "in", [...OPEN_APPOINTMENT_STATUSES])
    .where("archived_at", "is", null)
    .where((eb) =>
      eb.or([eb(eb.fn("lower", ["email"]), "=", person.email), eb("phone", "=", person.phone)]),
    )
    .execute();
}
