import type { TaskSubjectKind } from "@agency/domain";
import { type Kysely, sql } from "kysely";
import type { Database, TasksTable } from "../db/schema.ts";

/** A task row with its people's names (assignee, creator, who completed it). */
export type TaskRow = TasksTable & {
  assignee_first_name: string | null;
  assignee_last_name: string | null;
  assignee_email: string | null;
  /** 1 while the assignee can sign in (active, verified, with a password), else 0. */
  assignee_can_sign_in: number | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
  creator_email: string | null;
  completer_first_name: string | null;
  completer_last_name: string | null;
  completer_email: string | null;
};

function taskQuery(db: Kysely<Database>) {
  return db
    .selectFrom("tasks")
    .leftJoin("users as assignee", "assignee.id", "tasks.assigned_to")
    .leftJoin("users as creator", "creator.id", "tasks.created_by")
    .leftJoin("users as completer", "completer.id", "tasks.completed_by")
    .selectAll("tasks")
    .select([
      "assignee.first_name as assignee_first_name",
      "assignee.last_name as assignee_last_name",
      "assignee.email as assignee_email",
      // The rule the digest and the assignment mail follow (findActiveUser), never the hash.
      sql<number>`case when assignee.is_active = 1 and assignee.is_verified = 1 and assignee.password_hash is not null then 1 else 0 end`.as(
        "assignee_can_sign_in",
      ),
      "creator.first_name as creator_first_name",
      "creator.last_name as creator_last_name",
      "creator.email as creator_email",
      "completer.first_name as completer_first_name",
      "completer.last_name as completer_last_name",
      "completer.email as completer_email",
    ]);
}

export type TaskFilter = {
  assignedTo?: string;
  /** Only tasks nobody can do: no assignee, or one whose account cannot sign in. */
  needsOwner?: boolean;
  subject?: { kind: TaskSubjectKind; id: string };
  state: "open" | "done" | "all";
  limit: number;
};

/** Tasks matching a filter: soonest due first (open), latest done first (done). */
export function listTaskRows(db: Kysely<Database>, filter: TaskFilter): Promise<TaskRow[]> {
  let query = taskQuery(db);
  if (filter.assignedTo !== undefined) {
    query = query.where("tasks.assigned_to", "=", filter.assignedTo);
  }
  if (filter.needsOwner) {
    // Few accounts are deactivated: their ids are read once and each task checked against them.
    query = query.where((eb) =>
      eb.or([
        eb("tasks.assigned_to", "is", null),
        eb(
          "tasks.assigned_to",
          "in",
          eb
            .selectFrom("users")
            .select("users.id")
            .where((u) =>
              u.or([
                u("users.is_active", "<>", 1),
                u("users.is_verified", "<>", 1),
                u("users.password_hash", "is", null),
              ]),
            ),
        ),
      ]),
    );
  }
  if (filter.subject) {
    query = query
      .where("tasks.subject_type", "=", filter.subject.kind)
      .where("tasks.subject_id", "=", filter.subject.id);
  }
  if (filter.state === "open") query = query.where("tasks.completed_at", "is", null);
  if (filter.state === "done") {
    query = query.where("tasks.completed_at", "is not", null).orderBy("tasks.completed_at", "desc");
  }
  return query.orderBy("tasks.due_at").orderBy("tasks.id").limit(filter.limit).execute();
}

/** At most this many tasks of each record on a timeline (a lead has a few). */
const TASKS_PER_RECORD = 20;

/**
 * The tasks of several records (a timeline's leads), each record's open ones soonest due
 * first, then its done ones latest done first, at most TASKS_PER_RECORD of each record.
 */
export async function listTasksOfSubjects(
  db: Kysely<Database>,
  subjects: readonly { kind: TaskSubjectKind; id: string }[],
): Promise<TaskRow[]> {
  const byKind = new Map<TaskSubjectKind, string[]>();
  for (const { kind, id } of subjects) byKind.set(kind, [...(byKind.get(kind) ?? []), id]);
  const parts = await Promise.all(
    [...byKind].map(([kind, ids]) =>
      taskQuery(db)
        .where("tasks.subject_type", "=", kind)
        .where("tasks.subject_id", "in", ids)
        .orderBy("tasks.due_at")
        .orderBy("tasks.id")
        .execute(),
    ),
  );
  const ofRecord = new Map<string, TaskRow[]>();
  for (const row of parts.flat()) {
    const key = `${row.subject_type}:${row.subject_id}`;
    ofRecord.set(key, [...(ofRecord.get(key) ?? []), row]);
  }
  return [...ofRecord.values()].flatMap((rows) => {
    const open = rows.filter((row) => row.completed_at === null);
    const done = rows
      .filter((row) => row.completed_at !== null)
      .sort((a, b) => ((a.completed_at ?? "") < (b.completed_at ?? "") ? 1 : -1));
    return [...open, ...done].slice(0, TASKS_PER_RECORD);
  });
}

export function findTaskRow(db: Kysely<Database>, id: string): Promise<TaskRow | undefined> {
  return taskQuery(db).where("tasks.id", "=", id).executeTakeFirst();
}

export async function insertTaskRow(db: Kysely<Database>, row: TasksTable): Promise<void> {
  await db.insertInto("tasks").values(row).execute();
}

export async function updateTaskRow(
  db: Kysely<Database>,
  id: string,
  change: Partial<Omit<TasksTable, "id">>,
): Promise<void> {
  await db.updateTable("tasks").set(change).where("id", "=", id).execute();
}

/** The soonest due of a record's open tasks, or undefined. */
export async function nextOpenTaskDue(
  db: Kysely<Database>,
  kind: TaskSubjectKind,
  id: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom("tasks")
    .select("due_at")
    .where("subject_type", "=", kind)
    .where("subject_id", "=", id)
    .where("completed_at", "is", null)
    .orderBy("due_at")
    .limit(1)
    .executeTakeFirst();
  return row?.due_at;
}

/** The lead tables by the kind tasks name them with. */
export const LEAD_TABLE_OF = {
  quote: "auto_quotes",
  contact: "contacts",
  appointment: "appointments",
  service: "service_requests",
} as const;
export type LeadKind = keyof typeof LEAD_TABLE_OF;

/**
 * A lead's next task: when it is due (NO_NEXT_TASK_AT for none), and its follow-up date,
 * the Central date of it (decision 0067).
 */
export async function setLeadNextTask(
  db: Kysely<Database>,
  kind: LeadKind,
  id: string,
  next: { at: string; followUpOn: string | null },
): Promise<void> {
  await db
    .updateTable(LEAD_TABLE_OF[kind])
    .set({ next_task_at: next.at, follow_up_on: next.followUpOn })
    .where("id", "=", id)
    .execute();
}

/** What a task shows of the record it is about. */
export type SubjectInfo = { name: string };

/*
 * One lookup per kind of subject: whether the record exists, and its name. A task may be
 * about an archived lead (it is still there to restore).
 */

export async function findQuoteSubject(
  db: Kysely<Database>,
  id: string,
): Promise<SubjectInfo | undefined> {
  const row = await db
    .selectFrom("auto_quotes")
    .select(["first_name", "last_name"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { name: `${row.first_name} ${row.last_name}`.trim() };
}

export async function findContactSubject(
  db: Kysely<Database>,
  id: string,
): Promise<SubjectInfo | undefined> {
  const row = await db
    .selectFrom("contacts")
    .select(["first_name", "last_name"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { name: `${row.first_name} ${row.last_name}`.trim() };
}

export async function findAppointmentSubject(
  db: Kysely<Database>,
  id: string,
): Promise<SubjectInfo | undefined> {
  const row = await db
    .selectFrom("appointments")
    .select("name")
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { name: row.name };
}

/** A person as a task's subject (issue 27 §1). */
export async function findPersonSubject(
  db: Kysely<Database>,
  id: string,
): Promise<SubjectInfo | undefined> {
  const row = await db
    .selectFrom("persons")
    .select(["first_name", "last_name"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { name: `${row.first_name} ${row.last_name}`.trim() };
}

/** A Client Center request as a task's subject (issue 29): its reference and who sent it. */
export async function findServiceSubject(
  db: Kysely<Database>,
  id: string,
): Promise<SubjectInfo | undefined> {
  const row = await db
    .selectFrom("service_requests")
    .select(["reference", "name"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row && { name: `${row.reference} ${row.name}` };
}

export const SUBJECT_LOOKUPS: Record<
  TaskSubjectKind,
  (db: Kysely<Database>, id: string) => Promise<SubjectInfo | undefined>
> = {
  quote: findQuoteSubject,
  contact: findContactSubject,
  appointment: findAppointmentSubject,
  person: findPersonSubject,
  service: findServiceSubject,
};

/** The names of many subjects at once (a list's), keyed "kind id". */
export async function subjectNames(
  db: Kysely<Database>,
  subjects: readonly { kind: string; id: string }[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const idsOf = (kind: string) => [
    ...new Set(subjects.filter((s) => s.kind === kind).map((s) => s.id)),
  ];
  const quotes = idsOf("quote");
  const contacts = idsOf("contact");
  const appointments = idsOf("appointment");
  const people = idsOf("person");
  const [q, c, a, p] = await Promise.all([
    quotes.length
      ? db
          .selectFrom("auto_quotes")
          .select(["id", "first_name", "last_name"])
          .where("id", "in", quotes)
          .execute()
      : [],
    contacts.length
      ? db
          .selectFrom("contacts")
          .select(["id", "first_name", "last_name"])
          .where("id", "in", contacts)
          .execute()
      : [],
    appointments.length
      ? db
          .selectFrom("appointments")
          .select(["id", "name"])
          .where("id", "in", appointments)
          .execute()
      : [],
    people.length
      ? db
          .selectFrom("persons")
          .select(["id", "first_name", "last_name"])
          .where("id", "in", people)
          .execute()
      : [],
  ]);
  for (const row of q) names.set(`quote ${row.id}`, `${row.first_name} ${row.last_name}`.trim());
  for (const row of c) names.set(`contact ${row.id}`, `${row.first_name} ${row.last_name}`.trim());
  for (const row of a) names.set(`appointment ${row.id}`, row.name);
  for (const row of p) names.set(`person ${row.id}`, `${row.first_name} ${row.last_name}`.trim());
  return names;
}

/** Active accounts by id (the digest and the assignment mail never go to a deactivated one). */
export function findActiveUser(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "roles", "is_admin", "super_admin"])
    .where("id", "=", id)
    .where("is_active", "=", 1)
    .where("is_verified", "=", 1)
    .where("password_hash", "is not", null)
    .executeTakeFirst();
}

/** Active users with an open task due before `before` (ISO): who gets a morning list. */
export function assigneesWithTasksDueBefore(db: Kysely<Database>, before: string) {
  return db
    .selectFrom("tasks")
    .innerJoin("users", "users.id", "tasks.assigned_to")
    .select(["users.id", "users.email", "users.first_name", "users.last_name"])
    .distinct()
    .where("tasks.completed_at", "is", null)
    .where("tasks.due_at", "<", before)
    .where("users.is_active", "=", 1)
    .where("users.is_verified", "=", 1)
    .where("users.password_hash", "is not", null)
    .orderBy("users.id")
    .execute();
}

/** The day lists of these users already queued for `day`. */
export async function takenTaskDayLists(
  db: Kysely<Database>,
  day: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("task_day_lists")
    .select("user_id")
    .where("day", "=", day)
    .where("user_id", "in", [...userIds])
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** Takes one user's list of one day; true for the one caller that took it. */
export async function claimTaskDayList(
  db: Kysely<Database>,
  claim: { userId: string; day: string; queuedAt: string; mailId: string },
): Promise<boolean> {
  const row = await db
    .insertInto("task_day_lists")
    .values({
      user_id: claim.userId,
      day: claim.day,
      queued_at: claim.queuedAt,
      mail_id: claim.mailId,
    })
    .onConflict((oc) => oc.columns(["user_id", "day"]).doNothing())
    .returning("user_id")
    .executeTakeFirst();
  return row !== undefined;
}

/** One user's open tasks due before `before`, soonest first (what their list names). */
export function openTasksDueBefore(db: Kysely<Database>, userId: string, before: string) {
  return db
    .selectFrom("tasks")
    .select(["id", "text", "due_at", "subject_type", "subject_id"])
    .where("assigned_to", "=", userId)
    .where("completed_at", "is", null)
    .where("due_at", "<", before)
    .orderBy("due_at")
    .orderBy("id")
    .execute();
}
