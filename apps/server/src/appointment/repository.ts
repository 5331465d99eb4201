import {
  DEFAULT_AGENTS_PER_SLOT,
  MAX_AGENTS_PER_SLOT,
  OPEN_APPOINTMENT_STATUSES,
} from "@agency/domain";
import { type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";

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

/**
 * The person's open upcoming bookings (live, from `today`), by email key (emailKey, decision
 * 0048) and by phone. Two lookups, not one with "or": each side is served by its own index
 * (appointments_person_email_key_idx, migration 20261128120000, and
 * appointments_person_phone_idx, migration 20261128090000), where an "or" made SQLite read
 * every upcoming appointment.
 */
export function openBookingQueries(
  db: Kysely<Database>,
  person: { emailKey: string; phone: string },
  today: string,
) {
  const upcoming = db
    .selectFrom("appointments")
    .select("id")
    .where("archived_at", "is", null)
    .where("date", ">=", today)
    .where("status", "in", [...OPEN_APPOINTMENT_STATUSES]);
  return {
    byEmail: upcoming.where("email_key", "=", person.emailKey),
    byPhone: upcoming.where("phone", "=", person.phone),
  };
}

/** How many open upcoming bookings the person holds by email key and by phone. */
export async function countOpenBookings(
  trx: Transaction<Database>,
  person: { emailKey: string; phone: string },
  today: string,
): Promise<{ byEmail: number; byPhone: number }> {
  const queries = openBookingQueries(trx, person, today);
  const [byEmail, byPhone] = [await queries.byEmail.execute(), await queries.byPhone.execute()];
  return { byEmail: byEmail.length, byPhone: byPhone.length };
}

/** The settings key of "agents per slot" (decision 0033). */
export const AGENTS_PER_SLOT_KEY = "scheduling.agentsPerSlot";

/** How many appointments a slot can hold: the setting, or the default when unset or odd. */
export async function readAgentsPerSlot(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", AGENTS_PER_SLOT_KEY)
    .executeTakeFirst();
  const value = row ? Number(JSON.parse(row.value)) : Number.NaN;
  return Number.isInteger(value) && value >= 1 && value <= MAX_AGENTS_PER_SLOT
    ? value
    : DEFAULT_AGENTS_PER_SLOT;
}

/** The stored "agents per slot" row's time of change, or null when it was never set. */
export async function readAgentsPerSlotUpdatedAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom("settings")
    .select("updated_at")
    .where("key", "=", AGENTS_PER_SLOT_KEY)
    .executeTakeFirst();
  return row?.updated_at ?? null;
}

export async function writeAgentsPerSlot(
  db: Kysely<Database>,
  agentsPerSlot: number,
  actorUserId: string,
  now: Date,
): Promise<void> {
  const values = {
    value: JSON.stringify(agentsPerSlot),
    updated_at: nowIso(now),
    updated_by: actorUserId,
  };
  await db
    .insertInto("settings")
    .values({ key: AGENTS_PER_SLOT_KEY, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}

/** The seats held on a date, by time. */
export async function heldSeatsByTime(
  db: Kysely<Database>,
  date: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("appointments")
    .select(["time", sql<number>`count(*)`.as("n")])
    .where("date", "=", date)
    .where("seat", "is not", null)
    .groupBy("time")
    .execute();
  return new Map(rows.map((row) => [row.time, Number(row.n)]));
}

/**
 * PostgreSQL only: the slot's transaction-scoped advisory lock. Whatever takes a seat of the
 * slot or closes it holds it first (decision 0034), so a booking and a closure of the same
 * slot are never decided at once. Taking it twice in one transaction is harmless.
 */
export async function lockSlot(
  trx: Transaction<Database>,
  slot: { date: string; time: string },
): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`appointment-slot:${slot.date} ${slot.time}`}, 0))`.execute(
      trx,
    );
  }
}

/**
 * The lowest free seat of a slot if it holds fewer than `capacity` appointments, else
 * undefined. Call inside the transaction that then stores the seat: on PostgreSQL it first
 * takes the slot's advisory lock, so two transactions never pick the same seat; SQLite's
 * transactions never overlap. Take it after any other advisory lock of the transaction
 * (the person locks), so locks are always taken in the same order.
 */
export async function freeSeat(
  trx: Transaction<Database>,
  slot: { date: string; time: string },
  capacity: number,
): Promise<number | undefined> {
  await lockSlot(trx, slot);
  const rows = await trx
    .selectFrom("appointments")
    .select("seat")
    .where("date", "=", slot.date)
    .where("time", "=", slot.time)
    .where("seat", "is not", null)
    .execute();
  if (rows.length >= capacity) return undefined;
  const taken = new Set(rows.map((row) => row.seat));
  let seat = 1;
  while (taken.has(seat)) seat += 1;
  return seat;
}

/** What decides an appointment's hold on its slot. */
export function findSlotHold(trx: Transaction<Database>, id: string) {
  return trx
    .selectFrom("appointments")
    .select(["date", "time", "status", "seat", "archived_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function setSeat(
  trx: Transaction<Database>,
  id: string,
  seat: number | null,
): Promise<void> {
  await trx.updateTable("appointments").set({ seat }).where("id", "=", id).execute();
}

/**
 * At most this many rows answer one calendar request: 31 days of nine slots hold far
 * fewer even with several agents per slot; the cap keeps a pathological table from
 * turning one request into an unbounded read.
 */
export const CALENDAR_ROW_CAP = 2000;

/**
 * Live appointments (every status but the rows a move left) of the Central days `from`..`to`, inclusive, with only
 * the calendar's columns. Served by appointments_date_id_idx ((archived_at,) date, time,
 * id; partial on PostgreSQL) in one query.
 */
export function calendarRows(db: Kysely<Database>, from: string, to: string) {
  return (
    db
      .selectFrom("appointments")
      .select(["id", "name", "service", "date", "time", "status"])
      .where("archived_at", "is", null)
      // A moved booking shows once, at its current slot: not the rows its moves left behind.
      .where("rescheduled_to", "is", null)
      .where("date", ">=", from)
      .where("date", "<=", to)
      .orderBy("date")
      .orderBy("time")
      .orderBy("id")
      .limit(CALENDAR_ROW_CAP)
      .execute()
  );
}

/** The appointment whose manage link has this hash (live or not: the caller decides). */
export function findByManageTokenHash(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom("appointments")
    .selectAll()
    .where("manage_token_hash", "=", hash)
    .executeTakeFirst();
}

/**
 * The appointment's row, locked until the transaction ends on PostgreSQL (a concurrent
 * move or cancel of the same booking waits, then reads what the first one left); SQLite's
 * transactions never overlap.
 */
export function lockAppointment(trx: Transaction<Database>, id: string) {
  const query = trx.selectFrom("appointments").selectAll().where("id", "=", id);
  return (
    trx.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query
  ).executeTakeFirst();
}

/** Applies a move or a cancellation to the old row: it keeps its record, not its seat or link. */
export async function closeAppointment(
  trx: Transaction<Database>,
  id: string,
  change: Pick<
    Database["appointments"],
    "status" | "status_changed_at" | "updated_at" | "ics_sequence"
  > &
    Partial<Pick<Database["appointments"], "rescheduled_to" | "cancelled_at" | "cancel_reason">>,
): Promise<void> {
  await trx
    .updateTable("appointments")
    .set({ ...change, seat: null, manage_token_hash: null })
    .where("id", "=", id)
    .execute();
}
