import {
  AGENCY,
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentRecord,
  type AppointmentSortKey,
  checkAppointmentDate,
  type DaySlots,
  DEFAULT_BOOKING_HORIZON_DAYS,
  hasSlotStarted,
  type ListQuery,
  MAX_OPEN_BOOKINGS_PER_PERSON,
  TIME_SLOTS,
  todayInAgencyZone,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { AppointmentsTable, Database } from "../db/schema.ts";
import { newLeadColumns } from "../leads/new-lead-columns.ts";
import { findLeadRow, type ListSpec, listPage } from "../leads/repository.ts";
import { entryAuditRows, mailsToSend, type StaffEntry } from "../leads/staff-entry.ts";
import { toLeadWork } from "../leads/work/mapping.ts";
import { conflict, HttpError } from "../lib/http-errors.ts";
import { runIdempotent, type StoredResponse } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { appointmentMails } from "./mail.ts";
import { bookedTimes, lockKeysForTransaction, openBookingsOf } from "./repository.ts";

/**
 * At most MAX_OPEN_BOOKINGS_PER_PERSON upcoming bookings per email address and per phone
 * number, checked inside the booking's transaction. On PostgreSQL two bookings by the same
 * person are serialised by transaction-scoped advisory locks on both (taken in one order,
 * so no deadlock); SQLite has one connection, so its transactions never overlap.
 */
function openBookingsGuard(appointment: Appointment, engine: DatabaseEngine, now: Date) {
  const email = appointment.email.toLowerCase();
  return async (trx: Transaction<Database>) => {
    if (engine === "postgres") {
      await lockKeysForTransaction(trx, [
        `appointment-email:${email}`,
        `appointment-phone:${appointment.phone}`,
      ]);
    }
    const open = await openBookingsOf(
      trx,
      { email, phone: appointment.phone },
      todayInAgencyZone(now),
    );
    const byEmail = open.filter((row) => row.email.toLowerCase() === email).length;
    const byPhone = open.filter((row) => row.phone === appointment.phone).length;
    if (Math.max(byEmail, byPhone) >= MAX_OPEN_BOOKINGS_PER_PERSON) {
      throw new HttpError(
        409,
        APPOINTMENT_MESSAGES.tooManyOpen(MAX_OPEN_BOOKINGS_PER_PERSON, AGENCY.phone),
      );
    }
  };
}

/**
 * Books the slot. The unique (date, time) constraint decides every race: the loser gets
 * a 409 and nothing of its request is stored. One person holds at most two upcoming
 * bookings (openBookingsGuard) — unless staff booked it for them (`entry`, decision 0031:
 * the limit's own message tells the visitor to call us for more).
 */
export async function bookAppointment(
  db: Kysely<Database>,
  appointment: Appointment,
  options: {
    idempotencyKey: string | string[] | undefined;
    notifyEmail: string | undefined;
    engine: DatabaseEngine;
    now?: Date;
    entry?: StaffEntry;
  },
): Promise<StoredResponse> {
  const { entry } = options;
  const guard = entry
    ? undefined
    : openBookingsGuard(appointment, options.engine, options.now ?? new Date());
  try {
    return await runIdempotent(
      db,
      {
        route: entry
          ? "POST /api/appointments/staff-entry"
          : "POST /api/appointments/add-appointment",
        key: options.idempotencyKey,
        payload: entry
          ? { ...appointment, source: entry.source, notify: entry.notifyCustomer }
          : appointment,
      },
      () => {
        const id = newId();
        const now = new Date();
        const row: AppointmentsTable = {
          id,
          name: appointment.name,
          email: appointment.email,
          phone: appointment.phone,
          date: appointment.date,
          time: appointment.time,
          service: appointment.service,
          message: appointment.message,
          status: "new",
          status_changed_at: nowIso(now),
          created_at: nowIso(now),
          ...newLeadColumns(appointment, entry?.source),
        };
        const notifyEmail = options.notifyEmail ?? AGENCY.email;
        const mails = mailsToSend(appointmentMails(appointment, { id, notifyEmail, now }), entry);
        return {
          ...(guard ? { guard } : {}),
          inserts: [
            { table: "appointments", rows: [row] },
            { table: "mail_outbox", rows: outboxRows(mails, now) },
            { table: "audit_log", rows: entryAuditRows(entry, "appointments", id, now) },
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
 * Which of the nine slots can still be booked on a date: none on weekends, holidays and
 * past days; today's started slots are gone; booked slots are taken. No personal data.
 */
export async function availableSlots(
  db: Kysely<Database>,
  date: string,
  now: Date = new Date(),
  horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS,
): Promise<DaySlots> {
  const closedReason = checkAppointmentDate(date, now, horizonDays);
  const booked = closedReason ? new Set<string>() : await bookedTimes(db, date);
  const slots = TIME_SLOTS.map((time) => ({
    time,
    available: !closedReason && !booked.has(time) && !hasSlotStarted(date, time, now),
  }));
  return closedReason ? { date, slots, closedReason } : { date, slots };
}

export const APPOINTMENT_LIST: ListSpec<"appointments", AppointmentSortKey> = {
  table: "appointments",
  sorts: { created: ["created_at"], date: ["date", "time"], name: ["name"], service: ["service"] },
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
  };
}

/** Appointments in the API's shape: all of them newest booking first, or the page asked for. */
export async function listAppointments(
  db: Kysely<Database>,
  params: ListQuery = {},
  now: Date = new Date(),
): Promise<{ data: AppointmentRecord[]; total: number }> {
  const { rows, total } = await listPage(db, APPOINTMENT_LIST, params, now);
  return { data: rows.map(toAppointmentRecord), total };
}

/** One appointment in the API's shape, or undefined. */
export async function findAppointment(
  db: Kysely<Database>,
  id: string,
): Promise<AppointmentRecord | undefined> {
  const row = await findLeadRow(db, "appointments", id);
  return row ? toAppointmentRecord(row) : undefined;
}
