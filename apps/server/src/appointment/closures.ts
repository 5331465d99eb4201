import {
  type AffectedAppointment,
  type CalendarClosure,
  CLOSURE_MESSAGES,
  type ClosureRecord,
  closedSlots,
  isTimeSlot,
  type NewClosure,
  slotStartMinutes,
  todayInAgencyZone,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { ClosuresTable, Database } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { newId, nowIso } from "../lib/ids.ts";
import {
  closuresBetween,
  closuresFrom,
  closuresOn,
  deleteClosure,
  findClosure,
  insertClosure,
  seatHoldersAt,
} from "./closures-repository.ts";
import { lockSlot } from "./repository.ts";

/**
 * Closed days and hours (decision 0034). Read from the database on every call, never
 * cached: a closure bites on the next request of any instance.
 */

type ClosureTimes = Pick<ClosuresTable, "start_time" | "end_time">;
const slotsOf = (row: ClosureTimes) => closedSlots({ from: row.start_time, to: row.end_time });
const isWholeDay = (row: ClosureTimes) => row.start_time === null || row.end_time === null;

/** A date's closures: the whole day's reason if it is closed, and each closed slot's reason. */
export async function dayClosures(
  db: Kysely<Database>,
  date: string,
): Promise<{ dayReason: string | undefined; slotReasons: Map<string, string> }> {
  const rows = await closuresOn(db, date);
  const dayReason = rows.find(isWholeDay)?.reason;
  const slotReasons = new Map<string, string>();
  for (const row of rows) {
    for (const slot of slotsOf(row)) if (!slotReasons.has(slot)) slotReasons.set(slot, row.reason);
  }
  return { dayReason, slotReasons };
}

/** Why no appointment can take this slot now (the refusal's words), or undefined when open. */
export async function closedSlotRefusal(
  db: Kysely<Database>,
  slot: { date: string; time: string },
): Promise<string | undefined> {
  const { dayReason, slotReasons } = await dayClosures(db, slot.date);
  if (dayReason !== undefined) return CLOSURE_MESSAGES.dayClosed(dayReason);
  const reason = slotReasons.get(slot.time);
  return reason === undefined ? undefined : CLOSURE_MESSAGES.slotClosed(reason);
}

const minutes = (time: string | null) =>
  time !== null && isTimeSlot(time) ? slotStartMinutes(time) : -1;

function toClosureRecord(
  row: ClosuresTable & {
    first_name?: string | null;
    last_name?: string | null;
    email?: string | null;
  },
): ClosureRecord {
  const name = [row.first_name, row.last_name].filter(Boolean).join(" ").trim();
  return {
    _id: row.id,
    date: row.date,
    allDay: isWholeDay(row),
    from: isWholeDay(row) ? null : row.start_time,
    to: isWholeDay(row) ? null : row.end_time,
    reason: row.reason,
    createdAt: row.created_at,
    createdBy: name || row.email || null,
  };
}

/** Closures from today on (Central calendar): by date, whole days first, then by time. */
export async function listUpcomingClosures(
  db: Kysely<Database>,
  now: Date,
): Promise<ClosureRecord[]> {
  const rows = await closuresFrom(db, todayInAgencyZone(now));
  return rows
    .map(toClosureRecord)
    .sort((a, b) => a.date.localeCompare(b.date) || minutes(a.from) - minutes(b.from));
}

/**
 * The closed days and hours of the Central dates `from`..`to` (inclusive) for the staff
 * calendar (Settings' closures; federal holidays the calendar knows by rule), by date,
 * whole days first, then by time.
 */
export async function calendarClosures(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<CalendarClosure[]> {
  const rows = await closuresBetween(db, from, to);
  const closures: CalendarClosure[] = rows.map((row) => ({
    date: row.date,
    from: isWholeDay(row) ? null : row.start_time,
    to: isWholeDay(row) ? null : row.end_time,
    reason: row.reason,
  }));
  return closures.sort((a, b) => a.date.localeCompare(b.date) || minutes(a.from) - minutes(b.from));
}

/** Who changes scheduling, from where and when (for the audit row). */
export type Actor = { actorUserId: string; ip: string; now: Date };

/**
 * Adds a closure. On PostgreSQL it first takes the advisory lock of every slot it closes
 * (sorted, like every set of advisory locks here), the lock a booking takes before it
 * checks closures and seats: a booking racing the closure is either refused or committed
 * before, and then listed in `affected`. Appointments already booked there keep their
 * seats (staff move or cancel them; decision 0034).
 */
export async function addClosure(
  db: Kysely<Database>,
  closure: NewClosure,
  actor: Actor,
): Promise<{ data: ClosureRecord; affected: AffectedAppointment[] }> {
  const row: ClosuresTable = {
    id: newId(),
    date: closure.date,
    start_time: closure.from,
    end_time: closure.to,
    reason: closure.reason,
    created_at: nowIso(actor.now),
    created_by: actor.actorUserId,
  };
  const slots = slotsOf(row);
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const keys = slots.map((time) => ({ date: row.date, time }));
    keys.sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
    for (const key of keys) await lockSlot(trx, key);
    await insertClosure(trx, row);
    const holders = await seatHoldersAt(trx, row.date, slots);
    const affected = holders
      .map((h) => ({ _id: h.id, name: h.name, date: h.date, time: h.time, status: h.status }))
      .sort((a, b) => minutes(a.time) - minutes(b.time) || a.name.localeCompare(b.name));
    await writeAudit(trx, {
      actorUserId: actor.actorUserId,
      action: "closure.added",
      target: { type: "closure", id: row.id },
      ip: actor.ip,
      details: {
        date: row.date,
        from: row.start_time,
        to: row.end_time,
        reason: row.reason,
        bookedInside: affected.map((a) => a._id),
      },
    });
    return { data: toClosureRecord(row), affected };
  });
}

/** Deletes a closure (its times can be booked again at once); 404 when there is none. */
export async function removeClosure(db: Kysely<Database>, id: string, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findClosure(trx, id);
    if (!row || !(await deleteClosure(trx, id))) throw notFound(CLOSURE_MESSAGES.notFound);
    await writeAudit(trx, {
      actorUserId: actor.actorUserId,
      action: "closure.deleted",
      target: { type: "closure", id },
      ip: actor.ip,
      details: { date: row.date, from: row.start_time, to: row.end_time, reason: row.reason },
    });
  });
}
