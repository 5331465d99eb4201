import {
  type AssignableStaff,
  type FollowUpItem,
  type LeadNote,
  MY_FOLLOW_UPS_LIMIT,
  mayAssign,
  type NewNote,
  roleHas,
  staffRoleOf,
  todayInAgencyZone,
  userDisplayName,
  WORK_MESSAGES,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../../audit/audit.ts";
import { findUserById, toUser, type UserRow } from "../../auth/index.ts";
import type { Database, LeadNotesTable } from "../../db/schema.ts";
import { HttpError, notFound, RequestValidationError } from "../../lib/http-errors.ts";
import { newId, nowIso } from "../../lib/ids.ts";
import { listActiveUsers } from "../../user/index.ts";
import { markFirstResponse } from "../first-response.ts";
import { type LeadTable, RELATED_TYPE } from "../tables.ts";
import { toLeadNote } from "./mapping.ts";
import {
  findDueFollowUps,
  findLeadWork,
  insertNoteRow,
  leadExists,
  listNotes,
  setLeadWorkColumn,
} from "./repository.ts";

type Actor = { user: UserRow; ip: string };

const LEAD_NOT_FOUND = "Lead not found";

/** Stores a note with its audit entry (the note's kind and outcome; its text stays in the note). */
async function insertNote(
  db: Kysely<Database>,
  table: LeadTable,
  row: LeadNotesTable,
  actor: { userId: string; ip: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await leadExists(trx, table, row.lead_id))) return false;
    await insertNoteRow(trx, row);
    await markFirstResponse(trx, table, row.lead_id, new Date(row.created_at));
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "record.note",
      target: { type: RELATED_TYPE[table], id: row.lead_id },
      ip: actor.ip,
      details: { noteId: row.id, kind: row.kind, outcome: row.outcome },
    });
    return true;
  });
}

/**
 * Changes one working column of a lead in a transaction: `decide` sees the current row
 * (it may refuse by throwing) and answers the new value; the change is audited with the
 * value before and after. Answers null when the lead does not exist.
 */
async function updateLeadWork<Column extends "assigned_to">(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  column: Column,
  decide: (current: { assigned_to: string | null; follow_up_on: string | null }) => string | null,
  audit: {
    action: "record.assigned";
    actor: { userId: string; ip: string };
    at: string;
  },
) {
  return db.transaction().execute(async (trx) => {
    const current = await findLeadWork(trx, table, id);
    if (!current) return null;
    const next = decide(current);
    const before = current[column];
    if (before !== next) {
      await setLeadWorkColumn(trx, table, id, column, next, audit.at);
      await writeAudit(trx, {
        actorUserId: audit.actor.userId,
        action: audit.action,
        target: { type: RELATED_TYPE[table], id },
        ip: audit.actor.ip,
        details: { from: before, to: next },
      });
    }
    return { assigned_to: current.assigned_to, follow_up_on: current.follow_up_on, [column]: next };
  });
}

/** Staff who may work leads (leads.work) and can sign in: who a lead may be assigned to. */
function isAssignable(row: Pick<UserRow, "roles" | "is_admin" | "super_admin">): boolean {
  const role = staffRoleOf({
    isAdmin: row.is_admin === 1,
    supperAdmin: row.super_admin === 1,
    role: JSON.parse(row.roles) as string[],
  });
  return roleHas(role, "leads.work");
}

export async function assignableStaff(db: Kysely<Database>): Promise<AssignableStaff[]> {
  const rows = await listActiveUsers(db);
  return rows.filter(isAssignable).map((row) => ({
    _id: row.id,
    name: userDisplayName({ firstName: row.first_name, lastName: row.last_name, email: row.email }),
  }));
}

export async function notesOf(
  db: Kysely<Database>,
  table: LeadTable,
  leadId: string,
): Promise<LeadNote[]> {
  const rows = await listNotes(db, RELATED_TYPE[table], leadId);
  // An unknown lead answers 404, not an empty list.
  if (rows.length === 0) {
    if (!(await leadExists(db, table, leadId))) throw notFound(LEAD_NOT_FOUND);
  }
  return rows.map(toLeadNote);
}

export async function addNote(
  db: Kysely<Database>,
  table: LeadTable,
  leadId: string,
  note: NewNote,
  actor: Actor,
  now: Date,
): Promise<LeadNote> {
  const row = {
    id: newId(),
    lead_type: RELATED_TYPE[table],
    lead_id: leadId,
    author_user_id: actor.user.id,
    kind: note.kind,
    body: note.body,
    outcome: note.kind === "call" ? (note.outcome ?? null) : null,
    created_at: nowIso(now),
  };
  const isStored = await insertNote(db, table, row, { userId: actor.user.id, ip: actor.ip });
  if (!isStored) throw notFound(LEAD_NOT_FOUND);
  return toLeadNote({
    ...row,
    author_id: actor.user.id,
    author_first_name: actor.user.first_name,
    author_last_name: actor.user.last_name,
    author_email: actor.user.email,
  });
}

/**
 * Assigns a lead (or unassigns it with null). leads.assign may do anything; leads.work
 * only takes a free lead or lets go of its own (domain's mayAssign). The assignee must be
 * active staff.
 */
export async function assignLead(
  db: Kysely<Database>,
  table: LeadTable,
  leadId: string,
  assignedTo: string | null,
  actor: Actor,
  now: Date,
) {
  if (assignedTo !== null) {
    const assignee = await findUserById(db, assignedTo);
    const canSignIn =
      assignee?.is_active === 1 && assignee.is_verified === 1 && assignee.password_hash !== null;
    if (!assignee || !canSignIn || !isAssignable(assignee)) {
      throw new RequestValidationError([
        { field: "assignedTo", message: WORK_MESSAGES.assigneeNotStaff },
      ]);
    }
  }
  const me = toUser(actor.user);
  const result = await updateLeadWork(
    db,
    table,
    leadId,
    "assigned_to",
    (current) => {
      if (!mayAssign(me, current.assigned_to, assignedTo)) {
        throw new HttpError(403, WORK_MESSAGES.assignOthersForbidden);
      }
      return assignedTo;
    },
    { action: "record.assigned", actor: { userId: actor.user.id, ip: actor.ip }, at: nowIso(now) },
  );
  if (!result) throw notFound(LEAD_NOT_FOUND);
  return { assignedTo: result.assigned_to, followUpOn: result.follow_up_on };
}

/** The caller's open leads to follow up today or before, oldest date first. */
export async function myFollowUps(db: Kysely<Database>, userId: string, now: Date) {
  const today = todayInAgencyZone(now);
  const [quotes, contacts, appointments] = await findDueFollowUps(
    db,
    userId,
    today,
    MY_FOLLOW_UPS_LIMIT,
  );
  const items: FollowUpItem[] = [
    ...quotes.map((q) => ({
      type: "quote" as const,
      _id: q.id,
      name: `${q.first_name} ${q.last_name}`.trim(),
      email: q.email,
      status: q.status,
      followUpOn: q.follow_up_on ?? today,
    })),
    ...contacts.map((c) => ({
      type: "contact" as const,
      _id: c.id,
      name: `${c.first_name} ${c.last_name}`.trim(),
      email: c.email,
      status: c.status,
      followUpOn: c.follow_up_on ?? today,
    })),
    ...appointments.map((a) => ({
      type: "appointment" as const,
      _id: a.id,
      name: a.name,
      email: a.email,
      status: a.status,
      followUpOn: a.follow_up_on ?? today,
    })),
  ]
    .sort((a, b) => (a.followUpOn === b.followUpOn ? 0 : a.followUpOn < b.followUpOn ? -1 : 1))
    .slice(0, MY_FOLLOW_UPS_LIMIT);
  return { success: true as const, today, data: items };
}
