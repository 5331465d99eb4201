import {
  AGENCY,
  APPOINTMENT_MESSAGES,
  AppointmentManageRoutes,
  addDays,
  agencyDayStart,
  type CalendarDateParts,
  type CancelBooking,
  hasSlotStarted,
  isCalendarDate,
  isTimeSlot,
  MANAGE_LIMITS,
  MANAGE_MESSAGES,
  type ManagedBooking,
  OPEN_APPOINTMENT_STATUSES,
  parseCalendarDate,
  type Reschedule,
  type TimeSlot,
  todayInAgencyZone,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { auditRow } from "../audit/audit.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Insert } from "../db/group-commit.ts";
import type { AppointmentsTable, Database } from "../db/schema.ts";
import { findLeadRow } from "../lead/index.ts";
import { conflict, HttpError, notFound } from "../lib/http-errors.ts";
import {
  type IdempotentRequest,
  runIdempotent,
  type StoredResponse,
  storedReplay,
} from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { cancellationMails, type InviteFacts, manageLink, rescheduleMails } from "./mail.ts";
import { hashManageToken, newManageToken } from "./manage-token.ts";
import { closeAppointment, findByManageTokenHash, lockAppointment } from "./repository.ts";
import { takeSeat } from "./service.ts";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Who is changing a booking: the visitor holding its link, or a staff member by its id. */
export type ManageTarget =
  | { by: "visitor"; token: string; ip: string }
  | { by: "staff"; id: string; userId: string; ip: string };

type Slot = { date: string; time: TimeSlot };

/** A stored date and time the rules can read (a hand-edited odd row counts as started). */
function slotOf(row: AppointmentsTable): Slot | undefined {
  return isCalendarDate(row.date) && isTimeSlot(row.time)
    ? { date: row.date, time: row.time }
    : undefined;
}

/**
 * Whether a visitor's link still works: the booking is upcoming (not started), live (not
 * archived) and open (new, contacted, booked: not cancelled, moved away, or closed by staff).
 */
function isLinkLive(row: AppointmentsTable, now: Date): boolean {
  const slot = slotOf(row);
  return (
    row.manage_token_hash !== null &&
    row.archived_at === null &&
    (OPEN_APPOINTMENT_STATUSES as readonly string[]).includes(row.status) &&
    slot !== undefined &&
    !hasSlotStarted(slot.date, slot.time, now)
  );
}

/** What staff may move or cancel: a live appointment that still holds its time. */
function isStaffChangeable(row: AppointmentsTable): boolean {
  return (
    row.archived_at === null &&
    row.status !== "cancelled" &&
    row.status !== "rescheduled" &&
    slotOf(row) !== undefined
  );
}

/**
 * A link that has moved its booking MANAGE_LIMITS.visitorMovesPerDay times today: 429, since
 * the same request succeeds unchanged once the Central day is over (Retry-After: until
 * then); the message sends the visitor to the phone meanwhile. Not 409: nothing about the
 * booking or the slot conflicts, and the page treats a 409 as a time taken meanwhile.
 */
function tooManyMoves(today: string, now: Date): HttpError {
  const tomorrow = agencyDayStart(addDays(parseCalendarDate(today) as CalendarDateParts, 1));
  const seconds = Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000));
  return new HttpError(
    429,
    MANAGE_MESSAGES.tooManyMoves(MANAGE_LIMITS.visitorMovesPerDay, AGENCY.phone),
    { "retry-after": String(seconds) },
  );
}

/** One answer for an unknown, malformed and dead link: it tells a stranger nothing. */
function linkDead(): HttpError {
  return notFound(MANAGE_MESSAGES.linkDead(AGENCY.phone));
}

async function findLiveByToken(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<AppointmentsTable> {
  if (!TOKEN_PATTERN.test(token)) throw linkDead();
  const row = await findByManageTokenHash(db, hashManageToken(token));
  if (!row || !isLinkLive(row, now)) throw linkDead();
  return row;
}

function toManagedBooking(
  row: Pick<AppointmentsTable, "name" | "date" | "time" | "service" | "status">,
): ManagedBooking {
  return {
    name: row.name,
    date: row.date,
    time: row.time,
    service: row.service,
    status: row.status,
  };
}

/** The booking behind a live link, with nothing personal but the name. */
export async function getManagedBooking(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<ManagedBooking> {
  return toManagedBooking(await findLiveByToken(db, token, now));
}

/**
 * The stored answer of the same request made before (a retry with its Idempotency-Key:
 * the link has moved on or died since, so it is checked first), or the row a change
 * starts from.
 */
async function resolveTarget<R extends ManageRoute>(
  db: Kysely<Database>,
  target: ManageTarget,
  replay: IdempotentRequest<R>,
  now: Date,
): Promise<AppointmentsTable | StoredResponse<R>> {
  const stored = await storedReplay(db, replay, now);
  if (stored) return stored;
  if (target.by === "visitor") return findLiveByToken(db, target.token, now);
  const row = await findLeadRow(db, "appointments", target.id);
  if (!row) throw notFound("Appointment not found");
  if (!isStaffChangeable(row)) throw new HttpError(409, MANAGE_MESSAGES.notMovable);
  return row;
}

/**
 * Re-reads the row under its lock inside the change's transaction: a concurrent change of
 * the same booking that committed first wins, and this one changes nothing.
 */
async function lockUnchanged(
  trx: Transaction<Database>,
  target: ManageTarget,
  before: AppointmentsTable,
  now: Date,
): Promise<AppointmentsTable> {
  const row = await lockAppointment(trx, before.id);
  const isSame =
    row !== undefined &&
    row.manage_token_hash === before.manage_token_hash &&
    row.status === before.status &&
    row.date === before.date &&
    row.time === before.time &&
    row.ics_sequence === before.ics_sequence &&
    row.archived_at === null;
  if (!row || !isSame) {
    if (target.by === "visitor") throw linkDead();
    throw new HttpError(409, MANAGE_MESSAGES.notMovable);
  }
  if (target.by === "visitor" && !isLinkLive(row, now)) throw linkDead();
  return row;
}

/** The routes that cancel a booking: a visitor's link, or staff. */
export type CancelRoute =
  | typeof AppointmentManageRoutes.cancel
  | typeof AppointmentManageRoutes.staffCancel;
/** The routes that move a booking: a visitor's link, or staff. */
export type MoveRoute =
  | typeof AppointmentManageRoutes.reschedule
  | typeof AppointmentManageRoutes.staffMove;
type ManageRoute = CancelRoute | MoveRoute;

function cancelRoute(target: ManageTarget): CancelRoute {
  return target.by === "visitor"
    ? AppointmentManageRoutes.cancel
    : AppointmentManageRoutes.staffCancel;
}

function moveRoute(target: ManageTarget): MoveRoute {
  return target.by === "visitor"
    ? AppointmentManageRoutes.reschedule
    : AppointmentManageRoutes.staffMove;
}

/** The payload an Idempotency-Key is bound to: the link's hash, never the link itself. */
function replayPayload(target: ManageTarget, body: object): object {
  return target.by === "visitor"
    ? { link: hashManageToken(target.token), ...body }
    : { id: target.id, ...body };
}

function inviteFacts(row: AppointmentsTable, slot: Slot, sequence: number): InviteFacts {
  return {
    id: row.id,
    date: slot.date,
    time: slot.time,
    service: row.service,
    email: row.email,
    icsUid: row.ics_uid ?? row.id,
    sequence,
  };
}

/**
 * The audit row of a change to a booking: by staff (their id) or by the visitor's link (no
 * actor), from where, and `by` first in the details.
 */
function changeAudit(
  target: ManageTarget,
  action: "appointment.rescheduled" | "appointment.cancelled",
  appointmentId: string,
  details: Record<string, unknown>,
  now: Date,
): Insert {
  const entry = {
    actorUserId: target.by === "staff" ? target.userId : null,
    action,
    target: { type: "appointment", id: appointmentId },
    ip: target.ip,
    details: { by: target.by, ...details },
  };
  return { table: "audit_log", rows: [auditRow(entry, now)] };
}

export type ManageOptions = {
  idempotencyKey: string | string[] | undefined;
  notifyEmail: string | undefined;
  publicUrl: string;
  now: Date;
};

/**
 * Moves a booking to another slot in ONE transaction (decision 0035): a new appointment row
 * takes a seat of the new slot (takeSeat: capacity and closures), the old row becomes
 * Rescheduled (its seat freed, its record kept, linked both ways), and the manage link moves
 * to the new row: the visitor's own link, or for a staff move a fresh one (the visitor's
 * mail carries it). The invitation keeps its UID with the next SEQUENCE. The per-person
 * limit does not apply: a move adds no booking. A visitor's link makes at most
 * MANAGE_LIMITS.visitorMovesPerDay moves per Central day (each one mails the visitor and the
 * agency), counted on the row and carried to the next; staff moves are not counted. The
 * caller has checked the date rules.
 */
export async function rescheduleBooking(
  db: Kysely<Database>,
  target: ManageTarget,
  slot: Reschedule,
  options: ManageOptions,
): Promise<StoredResponse<MoveRoute>> {
  const { now } = options;
  const request: IdempotentRequest<MoveRoute> = {
    route: moveRoute(target),
    key: options.idempotencyKey,
    payload: replayPayload(target, { date: slot.date, time: slot.time }),
  };
  const found = await resolveTarget(db, target, request, now);
  if (!("id" in found)) return found;
  const old = found;
  const today = todayInAgencyZone(now);
  // Read outside the transaction, yet never stale: every move closes the row it starts from,
  // so a concurrent move of this booking makes lockUnchanged refuse this one.
  const movesToday = old.visitor_moves_on === today ? old.visitor_moves : 0;
  if (target.by === "visitor" && movesToday >= MANAGE_LIMITS.visitorMovesPerDay) {
    throw tooManyMoves(today, now);
  }
  const previous = slotOf(old) as Slot;
  if (previous.date === slot.date && previous.time === slot.time) {
    throw new HttpError(400, MANAGE_MESSAGES.sameSlot);
  }
  try {
    return await runIdempotent(
      db,
      request,
      () => {
        const id = newId();
        const at = nowIso(now);
        const sequence = old.ics_sequence + 1;
        const link =
          target.by === "visitor"
            ? { token: target.token, hash: old.manage_token_hash as string }
            : newManageToken();
        const row: AppointmentsTable = {
          ...old,
          id,
          date: slot.date,
          time: slot.time,
          // A move by the visitor needs confirming again; one by staff was agreed.
          status: target.by === "visitor" ? "new" : old.status,
          status_changed_at: target.by === "visitor" ? at : old.status_changed_at,
          created_at: at,
          updated_at: null,
          seat: null,
          manage_token_hash: link.hash,
          ics_uid: old.ics_uid ?? old.id,
          ics_sequence: sequence,
          rescheduled_from: old.id,
          rescheduled_to: null,
          cancelled_at: null,
          cancel_reason: null,
          // The visitor's moves of the day follow the booking; staff moves are not counted.
          ...(target.by === "visitor"
            ? { visitor_moves_on: today, visitor_moves: movesToday + 1 }
            : {}),
        };
        const guard = async (trx: Transaction<Database>) => {
          await lockUnchanged(trx, target, old, now);
          // The old row lets go of its seat and link first: the new row takes the link's
          // unique hash, and a move within a full slot's capacity never counts itself.
          await closeAppointment(trx, old.id, {
            status: "rescheduled",
            status_changed_at: at,
            updated_at: at,
            ics_sequence: old.ics_sequence,
            rescheduled_to: id,
          });
          await takeSeat(trx, row);
        };
        const mails = rescheduleMails({
          name: old.name,
          phone: old.phone,
          previous,
          next: inviteFacts(row, slot, sequence),
          link: manageLink(options.publicUrl, link.token, slot),
          notifyEmail: options.notifyEmail ?? AGENCY.email,
          publicUrl: options.publicUrl,
          by: target.by,
          now,
        });
        return {
          guard,
          inserts: [
            { table: "appointments", rows: [row] },
            { table: "mail_outbox", rows: outboxRows(mails, now) },
            changeAudit(
              target,
              "appointment.rescheduled",
              old.id,
              { from: previous, to: { ...slot, id } },
              now,
            ),
          ],
          response:
            target.by === "visitor"
              ? {
                  statusCode: 200,
                  body: {
                    success: true,
                    message: MANAGE_MESSAGES.rescheduled,
                    data: toManagedBooking(row),
                  },
                }
              : {
                  statusCode: 200,
                  body: {
                    success: true,
                    message: MANAGE_MESSAGES.staffMoved,
                    data: { _id: id, date: slot.date, time: slot.time },
                  },
                },
        };
      },
      () => now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(APPOINTMENT_MESSAGES.slotTaken);
    throw error;
  }
}

/**
 * Cancels a booking: status Cancelled, its seat freed, its link dead, its record kept with
 * when and why. The visitor's calendar drops the event (METHOD:CANCEL, next SEQUENCE); the
 * agency is told when the visitor cancelled.
 */
export async function cancelBooking(
  db: Kysely<Database>,
  target: ManageTarget,
  body: CancelBooking,
  options: ManageOptions,
): Promise<StoredResponse<CancelRoute>> {
  const { now } = options;
  const request: IdempotentRequest<CancelRoute> = {
    route: cancelRoute(target),
    key: options.idempotencyKey,
    payload: replayPayload(target, { reason: body.reason }),
  };
  const found = await resolveTarget(db, target, request, now);
  if (!("id" in found)) return found;
  const row = found;
  const slot = slotOf(row) as Slot;
  return runIdempotent(
    db,
    request,
    () => {
      const at = nowIso(now);
      const sequence = row.ics_sequence + 1;
      const cancelled = { ...row, status: "cancelled" };
      const guard = async (trx: Transaction<Database>) => {
        await lockUnchanged(trx, target, row, now);
        await closeAppointment(trx, row.id, {
          status: "cancelled",
          status_changed_at: at,
          updated_at: at,
          ics_sequence: sequence,
          cancelled_at: at,
          cancel_reason: body.reason || null,
        });
      };
      const mails = cancellationMails({
        name: row.name,
        phone: row.phone,
        appointment: inviteFacts(row, slot, sequence),
        reason: body.reason,
        notifyEmail: options.notifyEmail ?? AGENCY.email,
        publicUrl: options.publicUrl,
        by: target.by,
        now,
      });
      return {
        guard,
        inserts: [
          { table: "mail_outbox", rows: outboxRows(mails, now) },
          changeAudit(
            target,
            "appointment.cancelled",
            row.id,
            { from: row.status, hasReason: body.reason !== "" },
            now,
          ),
        ],
        response: {
          statusCode: 200,
          body: {
            success: true,
            message:
              target.by === "visitor" ? MANAGE_MESSAGES.cancelled : MANAGE_MESSAGES.staffCancelled,
            data: toManagedBooking(cancelled),
          },
        },
      };
    },
    () => now,
  );
}
