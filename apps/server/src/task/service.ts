import {
  isDueDatePast,
  mayAssignTask,
  type NewTask,
  NO_NEXT_TASK_AT,
  roleHas,
  staffRoleOf,
  TASK_LIST_LIMIT,
  TASK_MESSAGES,
  type Task,
  type TaskChange,
  type TaskListQuery,
  TaskRoutes,
  type TaskSubjectKind,
  taskDueAt,
  taskDueParts,
  userDisplayName,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import { findUserById, rowCan, toUser, type UserRow } from "../auth/index.ts";
import type { Database, TasksTable } from "../db/schema.ts";
import { HttpError, notFound, RequestValidationError } from "../lib/http-errors.ts";
import { runIdempotent, storedReplay } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { taskAssignedMail } from "./mail.ts";
import { toTask } from "./mapping.ts";
import {
  findTaskRow,
  insertTaskRow,
  LEAD_TABLE_OF,
  type LeadKind,
  listTaskRows,
  nextOpenTaskDue,
  SUBJECT_LOOKUPS,
  setLeadNextTask,
  subjectNames,
  updateTaskRow,
} from "./repository.ts";

export type TaskActor = { user: UserRow; ip: string };
export type TaskContext = { now: Date; siteUrl: string };

const canSignIn = (row: UserRow) =>
  row.is_active === 1 && row.is_verified === 1 && row.password_hash !== null;

const nameOf = (row: Pick<UserRow, "first_name" | "last_name" | "email">) =>
  userDisplayName({ firstName: row.first_name, lastName: row.last_name, email: row.email });

/** Staff who may work leads and can sign in: who may be given a task. */
async function assignableUser(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  const row = await findUserById(db, id);
  if (!row || !canSignIn(row)) return undefined;
  const role = staffRoleOf({
    isAdmin: row.is_admin === 1,
    supperAdmin: row.super_admin === 1,
    role: JSON.parse(row.roles) as string[],
  });
  return roleHas(role, "leads.work") ? row : undefined;
}

/** Refuses (403, 400) giving a task to `to`, unless the actor may and `to` is staff. */
async function checkAssignee(db: Kysely<Database>, actor: TaskActor, to: string): Promise<UserRow> {
  if (!mayAssignTask(toUser(actor.user), to)) {
    throw new HttpError(403, TASK_MESSAGES.assignOthersForbidden);
  }
  const assignee = await assignableUser(db, to);
  if (!assignee) {
    throw new RequestValidationError([
      { field: "assignedTo", message: TASK_MESSAGES.assigneeNotStaff },
    ]);
  }
  return assignee;
}

function checkDue(dueDate: string, now: Date): void {
  if (isDueDatePast(dueDate, now)) {
    throw new RequestValidationError([{ field: "dueDate", message: TASK_MESSAGES.duePast }]);
  }
}

const isLeadKind = (kind: string): kind is LeadKind => Object.hasOwn(LEAD_TABLE_OF, kind);

/**
 * Keeps a lead's follow-up date (every lead record's `followUpOn`) the Central date of its
 * next open task (decision 0067). Call in the transaction that changed its tasks.
 */
async function refreshFollowUp(db: Kysely<Database>, kind: string, id: string): Promise<void> {
  if (!isLeadKind(kind)) return;
  const next = await nextOpenTaskDue(db, kind, id);
  await setLeadNextTask(db, kind, id, {
    at: next ?? NO_NEXT_TASK_AT,
    followUpOn: next ? taskDueParts(next).dueDate : null,
  });
}

async function toTasks(db: Kysely<Database>, rows: Awaited<ReturnType<typeof listTaskRows>>) {
  const names = await subjectNames(
    db,
    rows.map((row) => ({ kind: row.subject_type, id: row.subject_id })),
  );
  return rows.map((row) => toTask(row, names.get(`${row.subject_type} ${row.subject_id}`) ?? ""));
}

async function answerTask(db: Kysely<Database>, id: string): Promise<Task> {
  const row = await findTaskRow(db, id);
  if (!row) throw notFound(TASK_MESSAGES.notFound);
  const [task] = await toTasks(db, [row]);
  if (!task) throw notFound(TASK_MESSAGES.notFound);
  return task;
}

/** The mail to an assignee given a task by someone else; none when they gave it themselves. */
function assignmentMail(
  task: TasksTable,
  subjectName: string,
  assignee: UserRow,
  actor: TaskActor,
  context: TaskContext,
) {
  if (assignee.id === actor.user.id) return [];
  return outboxRows(
    [
      taskAssignedMail(
        assignee,
        nameOf(actor.user),
        task.id,
        {
          text: task.text,
          dueAt: task.due_at,
          subject: {
            kind: task.subject_type as TaskSubjectKind,
            id: task.subject_id,
            name: subjectName,
          },
        },
        context.siteUrl,
      ),
    ],
    context.now,
  );
}

/**
 * The caller's tasks; one record's (anyone who may open the record); or everyone's, which
 * takes leads.assign.
 */
export async function listTasks(
  db: Kysely<Database>,
  query: TaskListQuery,
  actor: TaskActor,
): Promise<Task[]> {
  if (query.subjectKind !== undefined || query.subjectId !== undefined) {
    if (query.subjectKind === undefined || query.subjectId === undefined) {
      throw new RequestValidationError([
        { field: "subjectId", message: "Give subjectKind and subjectId together" },
      ]);
    }
    const subject = { kind: query.subjectKind, id: query.subjectId };
    if (!(await SUBJECT_LOOKUPS[subject.kind](db, subject.id))) {
      throw notFound(TASK_MESSAGES.subjectNotFound);
    }
    return toTasks(
      db,
      await listTaskRows(db, { subject, state: query.state, limit: TASK_LIST_LIMIT }),
    );
  }
  if (query.scope !== "mine" && !rowCan(actor.user, "leads.assign")) {
    throw new HttpError(403, TASK_MESSAGES.listAllForbidden);
  }
  const rows = await listTaskRows(db, {
    ...(query.scope === "mine" ? { assignedTo: actor.user.id } : {}),
    ...(query.scope === "unowned" ? { needsOwner: true } : {}),
    state: query.state,
    limit: TASK_LIST_LIMIT,
  });
  return toTasks(db, rows);
}

/**
 * Adds a task, at most once per Idempotency-Key (the contract's rule for creating routes:
 * a repeat with the same key and body answers the first task and adds nothing; the same
 * key with another body is a 422), so a retried or double-sent form makes one task.
 */
export async function createTask(
  db: Kysely<Database>,
  input: NewTask,
  actor: TaskActor,
  context: TaskContext,
  idempotencyKey?: string | string[],
): Promise<Task> {
  const idempotent = { route: TaskRoutes.create, key: idempotencyKey, payload: input };
  // Before the checks: a repeat the next day answers the task it made, not "date past".
  const replay = await storedReplay(db, idempotent, context.now);
  if (replay) return replay.body.data;
  checkDue(input.dueDate, context.now);
  const assignee = await checkAssignee(db, actor, input.assignedTo ?? actor.user.id);
  const lookup = SUBJECT_LOOKUPS[input.subject.kind];
  // The name the answer shows; the transaction checks again that the record is still there.
  const subject = await lookup(db, input.subject.id);
  if (!subject) throw notFound(TASK_MESSAGES.subjectNotFound);
  const at = nowIso(context.now);
  const row: TasksTable = {
    id: newId(context.now.getTime()),
    text: input.text,
    subject_type: input.subject.kind,
    subject_id: input.subject.id,
    due_at: taskDueAt(input.dueDate, input.dueTime),
    assigned_to: assignee.id,
    created_by: actor.user.id,
    created_at: at,
    updated_at: at,
    completed_at: null,
    completed_by: null,
  };
  const answer = toTask(
    {
      ...row,
      assignee_first_name: assignee.first_name,
      assignee_last_name: assignee.last_name,
      assignee_email: assignee.email,
      // assignableUser: only someone who can sign in is given a task.
      assignee_can_sign_in: 1,
      creator_first_name: actor.user.first_name,
      creator_last_name: actor.user.last_name,
      creator_email: actor.user.email,
      completer_first_name: null,
      completer_last_name: null,
      completer_email: null,
    },
    subject.name,
  );
  const stored = await runIdempotent(
    db,
    idempotent,
    () => ({
      inserts: [],
      // The task, the lead's next task, the audit entry and the mail, in the transaction
      // that takes the key (the guard runs after the key is taken).
      guard: async (trx) => {
        if (!(await lookup(trx, input.subject.id))) throw notFound(TASK_MESSAGES.subjectNotFound);
        await insertTaskRow(trx, row);
        await refreshFollowUp(trx, row.subject_type, row.subject_id);
        await writeAudit(trx, {
          actorUserId: actor.user.id,
          action: "task.created",
          target: { type: row.subject_type, id: row.subject_id },
          ip: actor.ip,
          // Its text stays in the task (as a note's does).
          details: { taskId: row.id, dueAt: row.due_at, assignedTo: row.assigned_to },
        });
        const mails = assignmentMail(row, subject.name, assignee, actor, context);
        if (mails.length) await trx.insertInto("mail_outbox").values(mails).execute();
      },
      response: { statusCode: 201, body: { success: true, data: answer } },
    }),
    () => context.now,
  );
  return stored.body.data;
}

/** Changes a task's text, reschedules it, or reassigns it (which mails the new assignee). */
export async function updateTask(
  db: Kysely<Database>,
  id: string,
  change: TaskChange,
  actor: TaskActor,
  context: TaskContext,
): Promise<Task> {
  if (change.dueDate !== undefined) checkDue(change.dueDate, context.now);
  const assignee =
    change.assignedTo !== undefined ? await checkAssignee(db, actor, change.assignedTo) : undefined;
  await db.transaction().execute(async (trx) => {
    const current = await findTaskRow(trx, id);
    if (!current) throw notFound(TASK_MESSAGES.notFound);
    const next: Partial<TasksTable> = { updated_at: nowIso(context.now) };
    const details: Record<string, unknown> = { taskId: id };
    if (change.text !== undefined && change.text !== current.text) {
      next.text = change.text;
      details.text = "changed";
    }
    if (change.dueDate !== undefined && change.dueTime !== undefined) {
      const dueAt = taskDueAt(change.dueDate, change.dueTime);
      if (dueAt !== current.due_at) {
        next.due_at = dueAt;
        details.dueAt = { from: current.due_at, to: dueAt };
      }
    }
    const isReassigned = assignee !== undefined && assignee.id !== current.assigned_to;
    if (isReassigned) {
      next.assigned_to = assignee.id;
      details.assignedTo = { from: current.assigned_to, to: assignee.id };
    }
    if (Object.keys(details).length === 1) return;
    await updateTaskRow(trx, id, next);
    if (next.due_at) await refreshFollowUp(trx, current.subject_type, current.subject_id);
    await writeAudit(trx, {
      actorUserId: actor.user.id,
      action: "task.updated",
      target: { type: current.subject_type, id: current.subject_id },
      ip: actor.ip,
      details,
    });
    if (isReassigned && current.completed_at === null) {
      const names = await subjectNames(trx, [
        { kind: current.subject_type, id: current.subject_id },
      ]);
      const name = names.get(`${current.subject_type} ${current.subject_id}`) ?? "";
      const mails = assignmentMail({ ...current, ...next }, name, assignee, actor, context);
      if (mails.length) await trx.insertInto("mail_outbox").values(mails).execute();
    }
  });
  return answerTask(db, id);
}

/** Marks a task done (`isDone`) or open again; audited, the lead's next task follows. */
export async function setTaskDone(
  db: Kysely<Database>,
  id: string,
  isDone: boolean,
  actor: TaskActor,
  now: Date,
): Promise<Task> {
  await db.transaction().execute(async (trx) => {
    const current = await findTaskRow(trx, id);
    if (!current) throw notFound(TASK_MESSAGES.notFound);
    if ((current.completed_at !== null) === isDone) return;
    const at = nowIso(now);
    await updateTaskRow(trx, id, {
      completed_at: isDone ? at : null,
      completed_by: isDone ? actor.user.id : null,
      updated_at: at,
    });
    await refreshFollowUp(trx, current.subject_type, current.subject_id);
    await writeAudit(trx, {
      actorUserId: actor.user.id,
      action: isDone ? "task.completed" : "task.reopened",
      target: { type: current.subject_type, id: current.subject_id },
      ip: actor.ip,
      details: { taskId: id },
    });
  });
  return answerTask(db, id);
}

/**
 * A task another feature makes without a caller (the renewal task, an X-date's task;
 * decision 0073): inserted in the caller's transaction, the lead's next task kept, audited
 * as made by the system (no actor) unless `actorUserId` is given.
 */
export async function insertTaskIn(
  trx: Kysely<Database>,
  row: TasksTable,
  actorUserId: string | null,
): Promise<void> {
  await insertTaskRow(trx, row);
  await refreshFollowUp(trx, row.subject_type, row.subject_id);
  await writeAudit(trx, {
    actorUserId,
    action: "task.created",
    target: { type: row.subject_type, id: row.subject_id },
    ip: null,
    details: { taskId: row.id, dueAt: row.due_at, assignedTo: row.assigned_to },
  });
}

/**
 * Moves a task (and may change its text) in the caller's transaction; answers false when the
 * task is gone or done, so the caller makes a new one instead.
 */
export async function moveOpenTaskIn(
  trx: Kysely<Database>,
  id: string,
  change: { dueAt: string; text: string; now: Date; actorUserId: string | null },
): Promise<boolean> {
  const current = await findTaskRow(trx, id);
  if (!current || current.completed_at !== null) return false;
  if (current.due_at === change.dueAt && current.text === change.text) return true;
  await updateTaskRow(trx, id, {
    due_at: change.dueAt,
    text: change.text,
    updated_at: nowIso(change.now),
  });
  await refreshFollowUp(trx, current.subject_type, current.subject_id);
  await writeAudit(trx, {
    actorUserId: change.actorUserId,
    action: "task.updated",
    target: { type: current.subject_type, id: current.subject_id },
    ip: null,
    details: { taskId: id, dueAt: { from: current.due_at, to: change.dueAt } },
  });
  return true;
}

/** Whether a user may be given a task (active staff who can sign in and work leads). */
export async function isAssignable(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await assignableUser(db, id)) !== undefined;
}
