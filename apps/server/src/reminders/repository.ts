import { OPEN_APPOINTMENT_STATUSES } from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema.ts";

/** What a reminder or the agency's list needs of an appointment. */
const APPOINTMENT_COLUMNS = [
  "id",
  "name",
  "email",
  "phone",
  "date",
  "time",
  "service",
  "source",
  "created_at",
] as const;

export type ReminderAppointmentRow = Pick<
  Database["appointments"],
  (typeof APPOINTMENT_COLUMNS)[number]
>;

/** Open, live appointments dated from `from` to `to` (inclusive), in date and time order. */
export function openAppointmentsBetween(
  db: Kysely<Database> | Transaction<Database>,
  from: string,
  to: string,
): Promise<ReminderAppointmentRow[]> {
  return db
    .selectFrom("appointments")
    .select(APPOINTMENT_COLUMNS)
    .where("date", ">=", from)
    .where("date", "<=", to)
    .where("status", "in", [...OPEN_APPOINTMENT_STATUSES])
    .where("archived_at", "is", null)
    .orderBy("date")
    .orderBy("time")
    .orderBy("id")
    .execute();
}

/** The same appointment if it is still open and live, as of this statement. */
export function openAppointment(
  trx: Transaction<Database>,
  id: string,
): Promise<ReminderAppointmentRow | undefined> {
  return trx
    .selectFrom("appointments")
    .select(APPOINTMENT_COLUMNS)
    .where("id", "=", id)
    .where("status", "in", [...OPEN_APPOINTMENT_STATUSES])
    .where("archived_at", "is", null)
    .executeTakeFirst();
}

/**
 * The appointments among these whose customer has been mailed about them (a confirmation,
 * "appointment.visitor", or a move, "appointment.visitor.rescheduled"): a staff-entered
 * booking without one was not to be emailed (decision 0031).
 */
export async function confirmedByMail(
  db: Kysely<Database>,
  appointmentIds: readonly string[],
): Promise<Set<string>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("mail_outbox")
    .select("related_id")
    .distinct()
    .where("related_type", "=", "appointment")
    .where("related_id", "in", [...appointmentIds])
    .where("kind", "like", "appointment.visitor%")
    .execute();
  return new Set(rows.flatMap((row) => (row.related_id ? [row.related_id] : [])));
}

/** The reminder keys already taken among these appointments: "id start". */
export async function takenReminders(
  db: Kysely<Database>,
  appointmentIds: readonly string[],
): Promise<Set<string>> {
  if (appointmentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("appointment_reminders")
    .select(["appointment_id", "starts_at"])
    .where("appointment_id", "in", [...appointmentIds])
    .execute();
  return new Set(rows.map((row) => `${row.appointment_id} ${row.starts_at}`));
}

/**
 * Takes the reminder of one appointment's start; true for the one caller that took it.
 * A concurrent insert of the same key on PostgreSQL waits for this transaction and then
 * does nothing (and the reverse).
 */
export async function claimReminder(
  trx: Transaction<Database>,
  claim: { appointmentId: string; startsAt: string; queuedAt: string; mailId: string },
): Promise<boolean> {
  const row = await trx
    .insertInto("appointment_reminders")
    .values({
      appointment_id: claim.appointmentId,
      starts_at: claim.startsAt,
      queued_at: claim.queuedAt,
      mail_id: claim.mailId,
    })
    .onConflict((oc) => oc.columns(["appointment_id", "starts_at"]).doNothing())
    .returning("appointment_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes one day's agency list; true for the one caller that took it. */
export async function claimDayList(
  trx: Transaction<Database>,
  claim: { day: string; queuedAt: string; mailId: string },
): Promise<boolean> {
  const row = await trx
    .insertInto("agency_day_lists")
    .values({ day: claim.day, queued_at: claim.queuedAt, mail_id: claim.mailId })
    .onConflict((oc) => oc.column("day").doNothing())
    .returning("day")
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether this day's agency list has been queued. */
export async function isDayListTaken(db: Kysely<Database>, day: string): Promise<boolean> {
  const row = await db
    .selectFrom("agency_day_lists")
    .select("day")
    .where("day", "=", day)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a mail of a claim under the id the claim took (the claim row points at it). */
export async function insertOutboxRow(db: Kysely<Database>, row: MailOutboxTable): Promise<void> {
  await db.insertInto("mail_outbox").values(row).execute();
}
