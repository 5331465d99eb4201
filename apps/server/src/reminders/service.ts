import {
  AGENCY,
  addDays,
  appointmentStartsAt,
  dueAgencyDayList,
  formatCalendarDate,
  isReminderDue,
  parseCalendarDate,
  todayInAgencyZone,
} from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { agencyDayListMail, reminderMail } from "./mail.ts";
import {
  claimDayList,
  claimReminder,
  confirmedByMail,
  insertOutboxRow,
  isDayListTaken,
  openAppointment,
  openAppointmentsBetween,
  takenReminders,
} from "./repository.ts";

export type ReminderPass = { reminders: number; dayLists: number };

/** Thrown inside a claim's transaction to undo the claim when there is nothing to send. */
class NothingToSend extends Error {}

/**
 * Queues every reminder and agency list due at `now` that no pass (of this instance or
 * another, before or after a restart) has queued yet. Each message is claimed by inserting
 * its key in the transaction that queues it (migration 20261126120000), so however many
 * passes run at once, each message is queued exactly once; the outbox then delivers it.
 */
export async function runReminderPass(
  db: Kysely<Database>,
  options: { now: Date; notifyEmail: string | undefined },
): Promise<ReminderPass> {
  const reminders = await queueDueReminders(db, options.now);
  const dayLists = await queueDueDayList(db, options.now, options.notifyEmail ?? AGENCY.email);
  return { reminders, dayLists };
}

async function queueDueReminders(db: Kysely<Database>, now: Date): Promise<number> {
  const today = parseCalendarDate(todayInAgencyZone(now));
  if (!today) return 0;
  // Anything starting within the next 24 hours is dated today or tomorrow (Central); the
  // day after is read too, which costs nothing and keeps the bound obviously safe.
  const candidates = (
    await openAppointmentsBetween(
      db,
      formatCalendarDate(today),
      formatCalendarDate(addDays(today, 2)),
    )
  ).filter((row) => isReminderDue({ ...row, createdAt: row.created_at }, now));
  const ids = candidates.map((row) => row.id);
  const taken = await takenReminders(db, ids);
  // Every web booking was confirmed by email; a staff-entered one only if staff chose to.
  const staffEntered = candidates.filter((row) => row.source !== "web").map((row) => row.id);
  const confirmed = await confirmedByMail(db, staffEntered);
  let queued = 0;
  for (const candidate of candidates) {
    const startsAt = appointmentStartsAt(candidate.date, candidate.time);
    if (!startsAt || taken.has(`${candidate.id} ${startsAt.toISOString()}`)) continue;
    if (candidate.source !== "web" && !confirmed.has(candidate.id)) continue;
    if (await queueReminder(db, candidate.id, startsAt, now)) queued += 1;
  }
  return queued;
}

async function queueReminder(
  db: Kysely<Database>,
  appointmentId: string,
  startsAt: Date,
  now: Date,
): Promise<boolean> {
  const mailId = newId();
  try {
    return await db.transaction().execute(async (trx) => {
      const isOurs = await claimReminder(trx, {
        appointmentId,
        startsAt: startsAt.toISOString(),
        queuedAt: nowIso(now),
        mailId,
      });
      if (!isOurs) return false;
      // Read again after the claim: cancelled, archived or moved since the list was read
      // means no reminder for this start (and the claim is undone with the transaction).
      const appointment = await openAppointment(trx, appointmentId);
      const stillStartsAt =
        appointment && appointmentStartsAt(appointment.date, appointment.time)?.getTime();
      if (
        !appointment ||
        stillStartsAt !== startsAt.getTime() ||
        !isReminderDue({ ...appointment, createdAt: appointment.created_at }, now)
      ) {
        throw new NothingToSend();
      }
      // A booking staff took without an email (decision 0063): the claim stays, so it is
      // not tried again, and no mail is queued.
      const [row] = outboxRows([reminderMail(appointment, startsAt)], now);
      if (!row) return false;
      await insertOutboxRow(trx, { ...row, id: mailId });
      return true;
    });
  } catch (error) {
    if (error instanceof NothingToSend) return false;
    throw error;
  }
}

async function queueDueDayList(
  db: Kysely<Database>,
  now: Date,
  notifyEmail: string,
): Promise<number> {
  const day = dueAgencyDayList(now);
  if (!day || (await isDayListTaken(db, day))) return 0;
  const mailId = newId();
  return db.transaction().execute(async (trx) => {
    const isOurs = await claimDayList(trx, { day, queuedAt: nowIso(now), mailId });
    if (!isOurs) return 0;
    const appointments = await openAppointmentsBetween(trx, day, day);
    const mail = agencyDayListMail(day, appointments, notifyEmail);
    const [row] = outboxRows([mail], now) as [MailOutboxTable];
    await insertOutboxRow(trx, { ...row, id: mailId });
    return 1;
  });
}
