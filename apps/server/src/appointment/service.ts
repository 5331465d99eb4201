import {
  AGENCY,
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentRecord,
  AppointmentRoutes,
  type AppointmentSortKey,
  ARCHIVE_MESSAGES,
  type Calendar,
  type CalendarAppointment,
  CLOSURE_MESSAGES,
  checkAppointmentDate,
  compareCalendarAppointments,
  type DaySlots,
  DEFAULT_BOOKING_HORIZON_DAYS,
  emailKey,
  hasSlotStarted,
  holdsSlot,
  isCalendarDate,
  isTimeSlot,
  LeadEntryRoutes,
  type ListQuery,
  MAX_OPEN_BOOKINGS_PER_PERSON,
  TIME_SLOTS,
  type TodaySchedule,
  todayInAgencyZone,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { submissionPrivacyRows } from "../consent/index.ts";
import type { DatabaseEngine } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { splitName } from "../db/person-matching.ts";
import type { AppointmentsTable, Database } from "../db/schema.ts";
import {
  entryAuditRows,
  findLeadRow,
  type LeadHooks,
  type ListSpec,
  listBatches,
  listPageIds,
  mailsToSend,
  newLeadColumns,
  rowsByIds,
  type StaffEntry,
  toLeadWork,
} from "../lead/index.ts";
import { conflict, HttpError } from "../lib/http-errors.ts";
import { runIdempotent, type StoredResponse } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { calendarClosures, closedSlotRefusal, dayClosures } from "./closures.ts";
import { newManageColumns } from "./columns.ts";
import { appointmentMails, manageLink } from "./mail.ts";
import { newManageToken } from "./manage-token.ts";
import {
  calendarRows,
  countOpenBookings,
  findSlotHold,
  freeSeat,
  heldSeatsByTime,
  lockKeysForTransaction,
  readAgentsPerSlot,
  setSeat,
} from "./repository.ts";

/**
 * At most MAX_OPEN_BOOKINGS_PER_PERSON upcoming bookings per person: per email key (the
 * address NFKC, case folded, without a +tag: decision 0048) and per phone number, checked
 * inside the booking's transaction. On PostgreSQL two bookings by the same person are
 * serialised by transaction-scoped advisory locks on both (taken in one order, so no
 * deadlock); SQLite has one connection, so its transactions never overlap.
 */
async function checkOpenBookings(
  trx: Transaction<Database>,
  person: { emailKey: string; phone: string },
  engine: DatabaseEngine,
  now: Date,
): Promise<void> {
  if (engine === "postgres") {
    await lockKeysForTransaction(trx, [
      `appointment-email:${person.emailKey}`,
      `appointment-phone:${person.phone}`,
    ]);
  }
  const open = await countOpenBookings(trx, person, todayInAgencyZone(now));
  if (Math.max(open.byEmail, open.byPhone) >= MAX_OPEN_BOOKINGS_PER_PERSON) {
    throw new HttpError(
      409,
      APPOINTMENT_MESSAGES.tooManyOpen(MAX_OPEN_BOOKINGS_PER_PERSON, AGENCY.phone),
    );
  }
}

/**
 * A free seat of the slot for an appointment (decision 0033), unless the slot is closed
 * (decision 0034: 409 with the closure's reason) or full (409 `whenFull`). Run inside the
 * transaction that then stores the seat: freeSeat takes the slot's lock (PostgreSQL), the
 * lock a new closure of the slot also takes, so the closure check below cannot miss a
 * closure committed while this transaction waited. Closures and capacity are read afresh.
 */
export async function claimSeat(
  trx: Transaction<Database>,
  slot: { date: string; time: string },
  whenFull: string,
): Promise<number> {
  const seat = await freeSeat(trx, slot, await readAgentsPerSlot(trx));
  const closed = await closedSlotRefusal(trx, slot);
  if (closed !== undefined) throw conflict(closed);
  if (seat === undefined) throw conflict(whenFull);
  return seat;
}

/**
 * Gives the new appointment a free seat of its slot, or refuses with a 409 (closed, or the
 * slot-taken one): run inside the booking's transaction, before its row is written.
 */
export async function takeSeat(
  trx: Transaction<Database>,
  row: Pick<AppointmentsTable, "date" | "time" | "seat">,
): Promise<void> {
  row.seat = await claimSeat(trx, row, APPOINTMENT_MESSAGES.slotTaken);
}

/**
 * Books the slot: a seat of it, while it holds fewer than "agents per slot" (takeSeat; the
 * unique (date, time, seat) index backs it up): the loser of a race gets a 409 and nothing
 * of its request is stored. One person holds at most two upcoming bookings
 * (checkOpenBookings) — unless staff booked it for them (`entry`, decision 0031: the
 * limit's own message tells the visitor to call us for more).
 */
export async function bookAppointment(
  db: Kysely<Database>,
  appointment: Appointment,
  options: {
    idempotencyKey: string | string[] | undefined;
    notifyEmail: string | undefined;
    engine: DatabaseEngine;
    /** Where the site is (PUBLIC_URL): the visitor's manage link, the agency's lead link. */
    publicUrl?: string;
    now?: Date;
    entry?: StaffEntry;
  },
): Promise<StoredResponse<typeof AppointmentRoutes.book>> {
  const { entry } = options;
  const now = options.now ?? new Date();
  try {
    return await runIdempotent<
      typeof AppointmentRoutes.book | typeof LeadEntryRoutes.enterAppointment
    >(
      db,
      {
        route: entry ? LeadEntryRoutes.enterAppointment : AppointmentRoutes.book,
        key: options.idempotencyKey,
        payload: entry
          ? { ...appointment, source: entry.source, notify: entry.notifyCustomer }
          : appointment,
      },
      () => {
        const id = newId();
        // The visitor's link to cancel or move it (decision 0035): mailed, stored hashed.
        const manage = newManageToken();
        const row: AppointmentsTable = {
          id,
          name: appointment.name,
          email: appointment.email,
          email_key: emailKey(appointment.email),
          phone: appointment.phone,
          date: appointment.date,
          time: appointment.time,
          service: appointment.service,
          message: appointment.message,
          status: "new",
          status_changed_at: nowIso(now),
          created_at: nowIso(now),
          ...newLeadColumns(appointment, entry?.source, appointment.leadSource),
          seat: null,
          ...newManageColumns(id),
          manage_token_hash: manage.hash,
        };
        const guard = async (trx: Transaction<Database>) => {
          const person = { emailKey: row.email_key, phone: row.phone };
          if (!entry) await checkOpenBookings(trx, person, options.engine, now);
          await takeSeat(trx, row);
        };
        const notifyEmail = options.notifyEmail ?? AGENCY.email;
        const publicUrl = options.publicUrl ?? AGENCY.siteUrl;
        const link = manageLink(publicUrl, manage.token, appointment);
        const mails = mailsToSend(
          appointmentMails(appointment, { id, notifyEmail, now, link, publicUrl }),
          entry,
        );
        const privacy = submissionPrivacyRows(
          { type: "appointment", id },
          appointment.privacy,
          appointment.phone,
          now,
          entry,
        );
        return {
          guard,
          people: [
            {
              claim: {
                ...splitName(appointment.name),
                email: appointment.email,
                phone: appointment.phone,
                at: row.created_at,
              },
              lead: row,
              also: privacy.also,
            },
          ],
          inserts: [
            { table: "appointments", rows: [row] },
            { table: "mail_outbox", rows: outboxRows(mails, now) },
            { table: "audit_log", rows: entryAuditRows(entry, "appointments", id, now) },
            ...privacy.inserts,
          ],
          response: {
            statusCode: 201,
            body: {
              success: true,
              message: APPOINTMENT_MESSAGES.successBody,
              data: {
                _id: id,
                date: appointment.date,
                time: appointment.time,
                service: appointment.service,
              },
            },
          },
        };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(APPOINTMENT_MESSAGES.slotTaken);
    throw error;
  }
}

/**
 * Which of the nine slots can still be booked on a date: none on weekends, holidays, past
 * days and days staff closed (decision 0034: `closedReason` names the closure's reason);
 * none in closed hours; today's started slots are gone; full slots are taken. No personal
 * data. Closures and capacity are read on every call (no cache).
 */
export async function availableSlots(
  db: Kysely<Database>,
  date: string,
  now: Date = new Date(),
  horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS,
): Promise<DaySlots> {
  const dateRefusal = checkAppointmentDate(date, now, horizonDays);
  const [held, capacity, closures] = dateRefusal
    ? [new Map<string, number>(), 0, undefined]
    : await Promise.all([heldSeatsByTime(db, date), readAgentsPerSlot(db), dayClosures(db, date)]);
  const closedReason =
    dateRefusal ??
    (closures?.dayReason === undefined
      ? undefined
      : CLOSURE_MESSAGES.dayClosed(closures.dayReason));
  const slots = TIME_SLOTS.map((time) => ({
    time,
    available:
      !closedReason &&
      !closures?.slotReasons.has(time) &&
      (held.get(time) ?? 0) < capacity &&
      !hasSlotStarted(date, time, now),
  }));
  return closedReason ? { date, slots, closedReason } : { date, slots };
}

/**
 * The slot's seat follows the appointment through the shared lead changes (decision 0033):
 * archiving or a freeing status (Cancelled, Rescheduled) gives it back; restoring or leaving
 * a freeing status takes one again, or is refused with a 409 when the slot has filled or
 * been closed since (claimSeat).
 * No-show is refused before the appointment's start.
 */
export const APPOINTMENT_HOOKS: LeadHooks = {
  archived: (trx, id) => setSeat(trx, id, null),
  restored: async (trx, id) => {
    const hold = await findSlotHold(trx, id);
    if (!hold || !holdsSlot(hold.status)) return;
    await setSeat(trx, id, await claimSeat(trx, hold, ARCHIVE_MESSAGES.slotTakenSinceArchived));
  },
  statusChanging: async (trx, id, from, to, now) => {
    const hold = await findSlotHold(trx, id);
    if (!hold) return;
    if (to === "no-show" && !hasStarted(hold, now)) {
      throw new HttpError(400, APPOINTMENT_MESSAGES.noShowBeforeStart);
    }
    if (hold.archived_at !== null) return;
    if (holdsSlot(from) && !holdsSlot(to)) await setSeat(trx, id, null);
    if (!holdsSlot(from) && holdsSlot(to) && hold.seat === null) {
      await setSeat(trx, id, await claimSeat(trx, hold, APPOINTMENT_MESSAGES.slotFullSinceFreed));
    }
  },
};

/** Whether an appointment's time has come (a stored odd date or time counts as started). */
function hasStarted(slot: { date: string; time: string }, now: Date): boolean {
  if (!isCalendarDate(slot.date) || !isTimeSlot(slot.time)) return true;
  return hasSlotStarted(slot.date, slot.time, now);
}

export const APPOINTMENT_LIST: ListSpec<"appointments", AppointmentSortKey> = {
  table: "appointments",
  sorts: {
    created: ["created_at"],
    date: ["date", "time"],
    name: ["name"],
    service: ["service"],
    nextTask: ["next_task_at"],
  },
  defaultSort: { key: "created", direction: "desc" },
};

export function toAppointmentRecord(row: AppointmentsTable): AppointmentRecord {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    date: row.date,
    time: row.time,
    service: row.service,
    message: row.message,
    createdAt: row.created_at,
    status: row.status,
    statusChangedAt: row.status_changed_at ?? row.created_at,
    source: row.source,
    archivedAt: row.archived_at,
    ...toLeadWork(row),
    rescheduledFrom: row.rescheduled_from,
    rescheduledTo: row.rescheduled_to,
    cancelReason: row.cancel_reason,
  };
}

/** The ids of one page of appointments, in list order, and the total. */
export function appointmentPage(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
): Promise<{ ids: string[]; total: number }> {
  return listPageIds(db, APPOINTMENT_LIST, params, now);
}

/** These appointments in the list's shape, in the order of `ids`. */
export async function readAppointments(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<AppointmentRecord[]> {
  return (await rowsByIds(db, "appointments", ids)).map(toAppointmentRecord);
}

/** Every appointment the filters match, in list order and the list's shape, a batch at a time. */
export async function* appointmentBatches(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
  batchSize: number,
): AsyncGenerator<AppointmentRecord[]> {
  for await (const rows of listBatches(db, APPOINTMENT_LIST, params, now, batchSize)) {
    yield rows.map(toAppointmentRecord);
  }
}

/** One appointment in the API's shape, or undefined. */
export async function findAppointment(
  db: Kysely<Database>,
  id: string,
): Promise<AppointmentRecord | undefined> {
  const row = await findLeadRow(db, "appointments", id);
  return row ? toAppointmentRecord(row) : undefined;
}

async function calendarAppointments(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<CalendarAppointment[]> {
  const rows = await calendarRows(db, from, to);
  // The index gives date order; within a day the slots' text order ("01:00 PM" before
  // "09:00 AM") is not the clock's, so the day is put in slot order here.
  return rows
    .map((row) => ({
      _id: row.id,
      name: row.name,
      service: row.service,
      date: row.date,
      time: row.time,
      status: row.status,
    }))
    .sort(compareCalendarAppointments);
}

/** The staff calendar: live appointments of `from`..`to` (Central days, inclusive). */
export async function appointmentCalendar(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<Calendar> {
  const [data, closures] = await Promise.all([
    calendarAppointments(db, from, to),
    calendarClosures(db, from, to),
  ]);
  return { success: true, from, to, data, closures };
}

/** The overview's "Today's schedule": today on the agency's calendar, in slot order. */
export async function todaySchedule(db: Kysely<Database>, now: Date): Promise<TodaySchedule> {
  const today = todayInAgencyZone(now);
  return { success: true, today, data: await calendarAppointments(db, today, today) };
}
