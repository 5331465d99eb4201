// Frozen migration: never edit after it has shipped; add a new file instead.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * Tasks that remind (issue 27 §2, decision 0067).
 *
 * - tasks: what to do, due when (ISO UTC instant), who does it, what it is about (a lead
 *   of a kind, or a person), when it was done. Indexed for "my open tasks soonest first",
 *   "everyone's open tasks", and one record's tasks.
 * - task_day_lists: the "sent once" record of each assignee's morning list, per user and
 *   Central day (as agency_day_lists is for the agency's list; migration 20261126120000).
 *
 * - next_task_at on each lead table: when its next open task is due (ISO UTC), or
 *   NO_NEXT_TASK when it has none, so that lists sort by it on both engines alike (a NULL
 *   sorts first on SQLite and last on PostgreSQL; a list's keyset needs NOT NULL columns).
 *   A constant default, not a time: the application writes every real value.
 *
 * Every lead's follow-up date becomes a task "Follow up" due that day at 9:00 AM Central,
 * given to the lead's assignee, else to whoever last set the date (the audit log), else to
 * nobody (a manager gives it out). A lead still being worked gets an open task; a decided
 * (won or lost) or archived lead's date becomes a done task, and its follow-up date is
 * cleared: from here on `follow_up_on` is the Central date of the lead's next open task.
 */
const LEAD_TABLES = [
  { table: "auto_quotes", kind: "quote" },
  { table: "contacts", kind: "contact" },
  { table: "appointments", kind: "appointment" },
] as const;

const BATCH = 500;
/** A lead without an open task: after every real instant, in any collation (digits only). */
const NO_NEXT_TASK = "9999-12-31T23:59:59.999Z";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("assigned_to", "text")
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .addColumn("completed_by", "text")
    .execute();
  await db.schema
    .createIndex("tasks_assignee_due_idx")
    .on("tasks")
    .columns(["assigned_to", "completed_at", "due_at"])
    .execute();
  await db.schema
    .createIndex("tasks_open_due_idx")
    .on("tasks")
    .columns(["completed_at", "due_at"])
    .execute();
  await db.schema
    .createIndex("tasks_subject_idx")
    .on("tasks")
    .columns(["subject_type", "subject_id", "due_at"])
    .execute();
  await db.schema
    .createTable("task_day_lists")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("queued_at", "text", (c) => c.notNull())
    .addColumn("mail_id", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("task_day_lists_pkey", ["user_id", "day"])
    .execute();

  for (const { table } of LEAD_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("next_task_at", "text", (c) => c.notNull().defaultTo(NO_NEXT_TASK))
      .execute();
    // As the lists' other sort indexes (migration 20261125110200): live leads by next task.
    await db.schema
      .createIndex(`${table}_live_next_task_idx`)
      .on(table)
      .columns(["archived_at", "next_task_at", "id"])
      .execute();
  }

  // One transaction: all or nothing, and one commit instead of one per statement (the
  // migrator already holds one on PostgreSQL; on SQLite it runs statements one by one).
  if (db.isTransaction) await carryFollowUpsOver(db);
  else await db.transaction().execute((trx) => carryFollowUpsOver(trx));
}

async function carryFollowUpsOver(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const setters = new Map<string, string>();
  const audits = await db
    .selectFrom("audit_log")
    .select(["target_id", "actor_user_id"])
    .where("action", "=", "record.follow_up")
    .where("actor_user_id", "is not", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const entry of audits) setters.set(entry.target_id, entry.actor_user_id);

  for (const { table, kind } of LEAD_TABLES) {
    const leads = await db
      .selectFrom(table)
      .select(["id", "status", "archived_at", "assigned_to", "follow_up_on"])
      .where("follow_up_on", "is not", null)
      .orderBy("id")
      .execute();
    const rows = leads.flatMap((lead) => {
      const dueAt = centralNineAm(lead.follow_up_on);
      if (!dueAt) return [];
      const isDecided = lead.status === "won" || lead.status === "lost" || lead.archived_at;
      return [
        {
          id: randomUUID(),
          text: "Follow up",
          subject_type: kind,
          subject_id: lead.id,
          due_at: dueAt,
          assigned_to: lead.assigned_to ?? setters.get(lead.id) ?? null,
          created_by: null,
          created_at: now,
          updated_at: now,
          completed_at: isDecided ? now : null,
          completed_by: null,
        },
      ];
    });
    for (let at = 0; at < rows.length; at += BATCH) {
      await db
        .insertInto("tasks")
        .values(rows.slice(at, at + BATCH))
        .execute();
    }
    // A lead still being worked: its next task is its follow-up's. Follow-up dates are few
    // distinct days: one statement per day and 500 leads.
    const byDue = new Map<string, string[]>();
    for (const row of rows) {
      if (row.completed_at !== null) continue;
      const ids = byDue.get(row.due_at) ?? [];
      ids.push(row.subject_id);
      byDue.set(row.due_at, ids);
    }
    for (const [dueAt, ids] of byDue) {
      for (let at = 0; at < ids.length; at += BATCH) {
        await db
          .updateTable(table)
          .set({ next_task_at: dueAt })
          .where("id", "in", ids.slice(at, at + BATCH))
          .execute();
      }
    }
    // A decided or archived lead has no next task: its date lives on as a done task.
    await db
      .updateTable(table)
      .set({ follow_up_on: null })
      .where("follow_up_on", "is not", null)
      .where((eb) =>
        eb.or([eb("status", "in", ["won", "lost"]), eb("archived_at", "is not", null)]),
      )
      .execute();
    // A date that is not a real date names no instant: it is dropped.
    const dropped = leads.filter((lead) => !centralNineAm(lead.follow_up_on)).map((l) => l.id);
    for (let at = 0; at < dropped.length; at += BATCH) {
      await db
        .updateTable(table)
        .set({ follow_up_on: null })
        .where("id", "in", dropped.slice(at, at + BATCH))
        .execute();
    }
  }
}

let chicago: Intl.DateTimeFormat | undefined;
/** Few distinct dates stand behind many leads: each is worked out once. */
const nineAmOf = new Map<string, string | undefined>();

/**
 * 9:00 AM on the agency's clock (America/Chicago) on a YYYY-MM-DD, as ISO UTC; written
 * out here so this frozen file never changes with the code it would otherwise import.
 */
function centralNineAm(date: unknown): string | undefined {
  if (typeof date !== "string") return undefined;
  if (!nineAmOf.has(date)) nineAmOf.set(date, computeNineAm(date));
  return nineAmOf.get(date);
}

function computeNineAm(date: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, 9, 0, 0);
  const check = new Date(guess);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  chicago ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Chicago",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  const format = chicago;
  const wallAsUtc = (instant: number) => {
    const parts: Record<string, string> = {};
    for (const part of format.formatToParts(new Date(instant))) parts[part.type] = part.value;
    return Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
  };
  let start = guess - (wallAsUtc(guess) - guess);
  start = guess - (wallAsUtc(start) - start);
  return new Date(start).toISOString();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_live_next_task_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn("next_task_at").execute();
  }
  await db.schema.dropTable("task_day_lists").ifExists().execute();
  await db.schema.dropTable("tasks").ifExists().execute();
}
