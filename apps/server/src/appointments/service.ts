import {
  AGENCY,
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentRecord,
  checkAppointmentDate,
  hasSlotStarted,
  TIME_SLOTS,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database } from "../db/schema.ts";
import { conflict } from "../lib/http-errors.ts";
import { runIdempotent, type StoredResponse } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { queueMail } from "../mail/outbox.ts";
import { appointmentMails } from "./mail.ts";

/**
 * Books the slot. The unique (date, time) constraint decides every race: the loser gets
 * a 409 and nothing of its request is stored.
 */
export async function bookAppointment(
  db: Kysely<Database>,
  appointment: Appointment,
  options: { idempotencyKey: string | string[] | undefined; notifyEmail: string | undefined },
): Promise<StoredResponse> {
  try {
    return await runIdempotent(
      db,
      {
        route: "POST /api/appointments/add-appointment",
        key: options.idempotencyKey,
        payload: appointment,
      },
      async (trx) => {
        const id = newId();
        const now = new Date();
        await trx
          .insertInto("appointments")
          .values({
            id,
            name: appointment.name,
            email: appointment.email,
            phone: appointment.phone,
            date: appointment.date,
            time: appointment.time,
            service: appointment.service,
            message: appointment.message,
            created_at: nowIso(now),
          })
          .execute();
        const notifyEmail = options.notifyEmail ?? AGENCY.email;
        for (const mail of appointmentMails(appointment, { id, notifyEmail, now })) {
          await queueMail(trx, mail, now);
        }
        return {
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
        };
      },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(APPOINTMENT_MESSAGES.slotTaken);
    throw error;
  }
}

export type SlotAvailability = { time: string; available: boolean };

/**
 * Which of the nine slots can still be booked on a date: none on weekends, holidays and
 * past days; today's started slots are gone; booked slots are taken. No personal data.
 */
export async function availableSlots(
  db: Kysely<Database>,
  date: string,
  now: Date = new Date(),
): Promise<{ date: string; slots: SlotAvailability[]; closedReason?: string }> {
  const closedReason = checkAppointmentDate(date, now);
  const booked = closedReason
    ? new Set<string>()
    : new Set(
        (await db.selectFrom("appointments").select("time").where("date", "=", date).execute()).map(
          (row) => row.time,
        ),
      );
  const slots = TIME_SLOTS.map((time) => ({
    time,
    available: !closedReason && !booked.has(time) && !hasSlotStarted(date, time, now),
  }));
  return closedReason ? { date, slots, closedReason } : { date, slots };
}

/** Every appointment, newest booking first. */
export async function listAppointments(db: Kysely<Database>): Promise<AppointmentRecord[]> {
  const rows = await db
    .selectFrom("appointments")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    date: row.date,
    time: row.time,
    service: row.service,
    message: row.message,
    createdAt: row.created_at,
  }));
}
