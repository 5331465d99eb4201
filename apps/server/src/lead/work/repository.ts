import type { Kysely } from "kysely";
import { writeAudit } from "../../audit/audit.ts";
import type { Database, LeadNotesTable } from "../../db/schema.ts";
import { type LeadTable, RELATED_TYPE } from "../tables.ts";
import type { NoteRow } from "./mapping.ts";

type Actor = { userId: string; ip: string };

/** What decides a change to a lead's working: who has it, when to call back, where it stands. */
export function findLeadWork(db: Kysely<Database>, table: LeadTable, id: string) {
  return db
    .selectFrom(table)
    .select(["id", "status", "assigned_to", "follow_up_on"])
    .where("id", "=", id)
    .executeTakeFirst();
}

function noteQuery(db: Kysely<Database>) {
  return db
    .selectFrom("lead_notes")
    .leftJoin("users", "users.id", "lead_notes.author_user_id")
    .select([
      "lead_notes.id",
      "lead_notes.lead_type",
      "lead_notes.lead_id",
      "lead_notes.kind",
      "lead_notes.outcome",
      "lead_notes.body",
      "lead_notes.created_at",
      "users.id as author_id",
      "users.first_name as author_first_name",
      "users.last_name as author_last_name",
      "users.email as author_email",
    ]);
}

/** A lead's notes and calls with their authors, newest first. */
export function listNotes(
  db: Kysely<Database>,
  leadType: LeadNotesTable["lead_type"],
  leadId: string,
): Promise<NoteRow[]> {
  return noteQuery(db)
    .where("lead_notes.lead_type", "=", leadType)
    .where("lead_notes.lead_id", "=", leadId)
    .orderBy("lead_notes.created_at", "desc")
    .orderBy("lead_notes.id", "desc")
    .execute();
}

/** The notes of several leads (a prospect's timeline), newest first. */
export async function listNotesOfLeads(
  db: Kysely<Database>,
  leads: readonly { type: LeadNotesTable["lead_type"]; id: string }[],
) {
  if (leads.length === 0) return [];
  const rows = await noteQuery(db)
    .where(
      "lead_notes.lead_id",
      "in",
      leads.map((lead) => lead.id),
    )
    .orderBy("lead_notes.created_at", "desc")
    .orderBy("lead_notes.id", "desc")
    .execute();
  const wanted = new Set(leads.map((lead) => `${lead.type}:${lead.id}`));
  return rows.filter((row) => wanted.has(`${row.lead_type}:${row.lead_id}`));
}

/** Stores a note with its audit entry (the note's kind and outcome; its text stays in the note). */
export async function insertNote(
  db: Kysely<Database>,
  table: LeadTable,
  row: LeadNotesTable,
  actor: Actor,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const lead = await trx
      .selectFrom(table)
      .select("id")
      .where("id", "=", row.lead_id)
      .executeTakeFirst();
    if (!lead) return false;
    await trx.insertInto("lead_notes").values(row).execute();
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
export async function updateLeadWork<Column extends "assigned_to" | "follow_up_on">(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  column: Column,
  decide: (current: { assigned_to: string | null; follow_up_on: string | null }) => string | null,
  audit: { action: "record.assigned" | "record.follow_up"; actor: Actor; at: string },
) {
  return db.transaction().execute(async (trx) => {
    const current = await findLeadWork(trx, table, id);
    if (!current) return null;
    const next = decide(current);
    const before = current[column];
    if (before !== next) {
      await trx
        .updateTable(table)
        .set({ [column]: next, updated_at: audit.at })
        .where("id", "=", id)
        .execute();
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

/**
 * One staff member's open leads (not won, lost or archived) whose follow-up date is on or
 * before `today`, oldest date first, at most `limit` of each kind.
 */
export function findDueFollowUps(
  db: Kysely<Database>,
  userId: string,
  today: string,
  limit: number,
) {
  const due = (table: LeadTable) =>
    // biome-ignore lint/suspicious/noExplicitAny: the three tables share these columns
    (db as unknown as Kysely<any>)
      .selectFrom(table as string)
      .where("assigned_to", "=", userId)
      .where("follow_up_on", "<=", today)
      .where("status", "not in", ["won", "lost"])
      .where("archived_at", "is", null)
      .orderBy("follow_up_on")
      .orderBy("id")
      .limit(limit);
  return Promise.all([
    due("auto_quotes")
      .select(["id", "status", "follow_up_on", "first_name", "last_name", "email"])
      .execute() as Promise<
      Pick<
        Database["auto_quotes"],
        "id" | "status" | "follow_up_on" | "first_name" | "last_name" | "email"
      >[]
    >,
    due("contacts")
      .select(["id", "status", "follow_up_on", "first_name", "last_name", "email"])
      .execute() as Promise<
      Pick<
        Database["contacts"],
        "id" | "status" | "follow_up_on" | "first_name" | "last_name" | "email"
      >[]
    >,
    due("appointments")
      .select(["id", "status", "follow_up_on", "name", "email"])
      .execute() as Promise<
      Pick<Database["appointments"], "id" | "status" | "follow_up_on" | "name" | "email">[]
    >,
  ]);
}

/** Whether a lead of this table has this id (archived or not). */
export async function leadExists(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
): Promise<boolean> {
  const row = await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}
