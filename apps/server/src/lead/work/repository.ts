import type { Kysely } from "kysely";
import type { Database, LeadNotesTable } from "../../db/schema.ts";
import type { LeadTable } from "../tables.ts";
import type { NoteRow } from "./mapping.ts";

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

export async function insertNoteRow(db: Kysely<Database>, row: LeadNotesTable): Promise<void> {
  await db.insertInto("lead_notes").values(row).execute();
}

/** Sets one working column of a lead (who has it; its follow-up date is its tasks': task/). */
export async function setLeadWorkColumn(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  column: "assigned_to",
  value: string | null,
  at: string,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ [column]: value, updated_at: at })
    .where("id", "=", id)
    .execute();
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
