import {
  AGENCY,
  isPrivacyRequestOverdue,
  leadSearchTerm,
  leadSearchText,
  PRIVACY_REQUEST_CLOSED_STATUSES,
  PRIVACY_REQUEST_FIELD_MESSAGES,
  PRIVACY_REQUEST_MESSAGES,
  PRIVACY_VERIFY_LINK_DAYS,
  type PrivacyAnswer,
  type PrivacyRequest,
  type PrivacyRequestChange,
  type PrivacyRequestKind,
  type PrivacyRequestListQuery,
  type PrivacyRequestPage,
  type PrivacyRequestRecord,
  PrivacyRequestRoutes,
  type PrivacyRequestStatus,
  type PrivacyVerified,
  privacyRequestDueOn,
  roleHas,
  staffRoleOf,
  todayInAgencyZone,
  unpagedListLimit,
  userDisplayName,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { auditRow, writeAudit } from "../audit/audit.ts";
import { findUserById, hashToken, newOpaqueToken, type UserRow } from "../auth/index.ts";
import type { Database } from "../db/schema.ts";
import { conflict, HttpError, notFound, RequestValidationError } from "../lib/http-errors.ts";
import { runIdempotent, type StoredResponse } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows, queueMail } from "../mail/outbox.ts";
import { listActiveUsers } from "../user/index.ts";
import { agencyNoticeMail, answerMail, PRIVACY_REQUEST_RELATED, verifyMail } from "./mail.ts";
import {
  auditOf,
  findByTokenHash,
  findVerified,
  listVerified,
  markVerified,
  type PrivacyRequestRow,
  personWithEmail,
} from "./repository.ts";

const DAY_MS = 86_400_000;
const M = PRIVACY_REQUEST_MESSAGES;

export type PrivacyRequestSent = StoredResponse<typeof PrivacyRequestRoutes.send>;
export type Actor = { user: UserRow; ip: string };

/** The one answer of the public form, whatever happened behind it (decision 0082). */
export function checkEmailAnswer(): PrivacyRequestSent {
  return { statusCode: 202, body: { success: true, message: M.checkEmail } };
}

/**
 * Stores an unverified request and queues its verification email (one transaction, once per
 * Idempotency-Key). Only the token's hash is kept; the link works PRIVACY_VERIFY_LINK_DAYS.
 */
export async function submitPrivacyRequest(
  db: Kysely<Database>,
  input: Omit<PrivacyRequest, "website">,
  options: { idempotencyKey: string | string[] | undefined; publicUrl: string; now: Date },
): Promise<PrivacyRequestSent> {
  const { now } = options;
  return runIdempotent(
    db,
    { route: PrivacyRequestRoutes.send, key: options.idempotencyKey, payload: input },
    () => {
      const id = newId();
      const token = newOpaqueToken();
      const expiresAt = new Date(now.getTime() + PRIVACY_VERIFY_LINK_DAYS * DAY_MS);
      const createdAt = nowIso(now);
      const row = {
        id,
        kind: input.kind,
        name: input.name,
        email: input.email,
        phone: input.phone,
        details: input.details,
        token_hash: hashToken(token),
        token_expires_at: nowIso(expiresAt),
        verified_at: null,
        due_on: null,
        person_id: null,
        status: "new",
        status_changed_at: createdAt,
        assigned_to: null,
        answer: null,
        answered_at: null,
        answered_by: null,
        search_text: leadSearchText({ name: input.name, email: input.email, phone: input.phone }),
        created_at: createdAt,
      };
      const mail = verifyMail(
        { id, kind: input.kind, email: input.email },
        { publicUrl: options.publicUrl, token, expiresAt },
      );
      return {
        inserts: [
          { table: "privacy_requests", rows: [row] },
          { table: "mail_outbox", rows: outboxRows([mail], now) },
        ],
        response: checkEmailAnswer(),
      };
    },
    () => now,
  );
}

function verifiedAnswer(row: { kind: string; due_on: string | null }): PrivacyVerified {
  return {
    success: true,
    message: M.verified,
    data: { kind: row.kind, dueOn: row.due_on ?? "" },
  };
}

/**
 * The click on the emailed link: the request counts from now on. Once: a second click (or
 * two at once) answers the same and changes nothing. Unknown token: 404; expired: 410.
 */
export async function verifyPrivacyRequest(
  db: Kysely<Database>,
  token: string,
  options: { notifyEmail: string; publicUrl: string; ip: string; now: Date },
): Promise<PrivacyVerified> {
  const row = await findByTokenHash(db, hashToken(token));
  if (!row) throw notFound(M.linkNotFound);
  if (row.verified_at !== null) return verifiedAnswer(row);
  if (row.token_expires_at <= nowIso(options.now)) throw new HttpError(410, M.linkExpired);
  const verifiedAt = nowIso(options.now);
  const dueOn = privacyRequestDueOn(options.now);
  return db.transaction().execute(async (trx) => {
    const personId = await personWithEmail(trx, row.email);
    const isFirst = await markVerified(trx, row.id, { verifiedAt, dueOn, personId });
    if (!isFirst) {
      const now = await findByTokenHash(trx, row.token_hash);
      return verifiedAnswer(now ?? row);
    }
    await writeAudit(trx, {
      actorUserId: null,
      action: "privacy_request.verified",
      target: { type: PRIVACY_REQUEST_RELATED, id: row.id },
      ip: options.ip,
      details: { kind: row.kind, dueOn, personId },
    });
    await queueMail(
      trx,
      agencyNoticeMail(
        { id: row.id, kind: row.kind as PrivacyRequestKind, name: row.name, dueOn },
        { notifyEmail: options.notifyEmail, publicUrl: options.publicUrl },
      ),
      options.now,
    );
    return verifiedAnswer({ kind: row.kind, due_on: dueOn });
  });
}

function isClosed(status: string): boolean {
  return (PRIVACY_REQUEST_CLOSED_STATUSES as readonly string[]).includes(status);
}

/** A stored, verified request as staff read it. */
export function toRecord(row: PrivacyRequestRow, today: string): PrivacyRequestRecord {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    details: row.details,
    status: row.status,
    statusChangedAt: row.status_changed_at,
    createdAt: row.created_at,
    verifiedAt: row.verified_at ?? "",
    dueOn: row.due_on ?? "",
    overdue: isPrivacyRequestOverdue(row.due_on, today, isClosed(row.status)),
    personId: row.person_id,
    assignedTo: row.assigned_to,
    answer: row.answer,
    answeredAt: row.answered_at,
    answeredBy: row.answered_by,
  };
}

export async function listPrivacyRequests(
  db: Kysely<Database>,
  query: PrivacyRequestListQuery,
  now: Date,
) {
  const today = todayInAgencyZone(now);
  const limit = query.limit ?? unpagedListLimit(false);
  const offset = query.offset ?? 0;
  const term = leadSearchTerm(query.q ?? "");
  const { rows, total } = await listVerified(db, { ...query, term, today, limit, offset });
  return {
    success: true as const,
    data: rows.map((row) => toRecord(row, today)),
    total,
    limit,
    offset,
  };
}

/** One request with its history (from the audit log); 404 for an unverified one. */
export async function privacyRequestPage(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<PrivacyRequestPage> {
  const row = await findVerified(db, id);
  if (!row) throw notFound(M.notFound);
  const entries = await auditOf(db, id);
  const received = {
    at: row.created_at,
    action: "privacy_request.received",
    by: null,
    details: { kind: row.kind },
  };
  return {
    success: true,
    data: toRecord(row, todayInAgencyZone(now)),
    timeline: [
      received,
      ...entries.map((entry) => ({
        at: entry.created_at,
        action: entry.action,
        by:
          entry.email === null
            ? null
            : userDisplayName({
                firstName: entry.first_name ?? "",
                lastName: entry.last_name ?? "",
                email: entry.email,
              }),
        details: JSON.parse(entry.details) as Record<string, unknown>,
      })),
    ],
  };
}

/** Whether an account's role holds privacy.manage. */
function holdsPrivacyManage(row: Pick<UserRow, "roles" | "is_admin" | "super_admin">): boolean {
  const role = staffRoleOf({
    isAdmin: row.is_admin === 1,
    supperAdmin: row.super_admin === 1,
    role: JSON.parse(row.roles) as string[],
  });
  return roleHas(role, "privacy.manage");
}

/** Who can work privacy requests: active staff who can sign in and hold privacy.manage. */
function handlesPrivacy(row: UserRow): boolean {
  return (
    row.is_active === 1 &&
    row.is_verified === 1 &&
    row.password_hash !== null &&
    holdsPrivacyManage(row)
  );
}

export async function privacyAssignable(db: Kysely<Database>) {
  const rows = await listActiveUsers(db);
  return rows.filter(holdsPrivacyManage).map((row) => ({
    _id: row.id,
    name: userDisplayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
  }));
}

/** Changes a request's status (New, In progress) and/or its assignee, audited. */
export async function changePrivacyRequest(
  db: Kysely<Database>,
  id: string,
  change: PrivacyRequestChange,
  actor: Actor,
  now: Date,
): Promise<PrivacyRequestPage> {
  if (change.assignedTo) {
    const assignee = await findUserById(db, change.assignedTo);
    if (!assignee || !handlesPrivacy(assignee)) {
      throw new RequestValidationError([
        { field: "assignedTo", message: PRIVACY_REQUEST_FIELD_MESSAGES.assigneeNotAllowed },
      ]);
    }
  }
  await db.transaction().execute(async (trx) => {
    const row = await findVerified(trx, id);
    if (!row) throw notFound(M.notFound);
    const at = nowIso(now);
    const set: Partial<PrivacyRequestRow> = {};
    const details: Record<string, unknown> = {};
    if (change.status !== undefined && change.status !== row.status) {
      if (isClosed(row.status)) throw conflict(M.alreadyClosed);
      set.status = change.status;
      set.status_changed_at = at;
      details.status = { from: row.status, to: change.status };
    }
    if (change.assignedTo !== undefined && change.assignedTo !== row.assigned_to) {
      set.assigned_to = change.assignedTo;
      details.assignedTo = { from: row.assigned_to, to: change.assignedTo };
    }
    if (Object.keys(set).length === 0) return;
    await trx.updateTable("privacy_requests").set(set).where("id", "=", id).execute();
    await trx
      .insertInto("audit_log")
      .values(
        auditRow(
          {
            actorUserId: actor.user.id,
            action: "privacy_request.updated",
            target: { type: PRIVACY_REQUEST_RELATED, id },
            ip: actor.ip,
            details,
          },
          now,
        ),
      )
      .execute();
  });
  return privacyRequestPage(db, id, now);
}

/**
 * Records the answer and emails it to the address that confirmed the request (the outbox
 * keeps it: the log of what was sent), closing the request: once.
 */
export async function answerPrivacyRequest(
  db: Kysely<Database>,
  id: string,
  answer: PrivacyAnswer,
  actor: Actor,
  now: Date,
): Promise<PrivacyRequestPage> {
  await db.transaction().execute(async (trx) => {
    const row = await findVerified(trx, id);
    if (!row) throw notFound(M.notFound);
    if (isClosed(row.status)) throw conflict(M.alreadyClosed);
    const at = nowIso(now);
    const updated = await trx
      .updateTable("privacy_requests")
      .set({
        status: answer.status satisfies PrivacyRequestStatus,
        status_changed_at: at,
        answer: answer.answer,
        answered_at: at,
        answered_by: actor.user.id,
      })
      .where("id", "=", id)
      .where("answered_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(M.alreadyClosed);
    const mailId = await queueMail(
      trx,
      answerMail({ id, kind: row.kind as PrivacyRequestKind, email: row.email }, answer.answer),
      now,
    );
    await trx
      .insertInto("audit_log")
      .values(
        auditRow(
          {
            actorUserId: actor.user.id,
            action: "privacy_request.answered",
            target: { type: PRIVACY_REQUEST_RELATED, id },
            ip: actor.ip,
            details: { status: { from: row.status, to: answer.status }, mailId },
          },
          now,
        ),
      )
      .execute();
  });
  return privacyRequestPage(db, id, now);
}

/** Where the links in privacy mails point, and where the agency's notice goes. */
export function mailTargets(config: { publicUrl?: string; agencyNotifyEmail?: string }) {
  return {
    publicUrl: config.publicUrl ?? AGENCY.siteUrl,
    notifyEmail: config.agencyNotifyEmail ?? AGENCY.email,
  };
}
