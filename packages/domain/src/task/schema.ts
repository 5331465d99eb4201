import * as z from "zod";
import { PathIdSchema, RecordIdSchema } from "../api/params.ts";
import { type CalendarDate, isCalendarDate, parseCalendarDate } from "../calendar-date.ts";
// Also sets zod's browser configuration before any schema here is built (schema-helpers.ts).
import { requiredText } from "../schema-helpers.ts";
import { agencyWallTimeToInstant, readAgencyWallClock, todayInAgencyZone } from "../time-zone.ts";
import { can } from "../user/permissions.ts";
import type { User } from "../user/schema.ts";

/**
 * Tasks that remind (issue 27 §2, decision 0067): what to do, when (a Central date and
 * time, stored as the UTC instant), who does it, and what it is about: a lead of any kind
 * or a person. A lead's follow-up date became its next open task's due date.
 */

/** What a task can be about: the three lead kinds, or a person (issue 27 §1). */
export const TASK_SUBJECT_KINDS = ["quote", "contact", "appointment", "person", "service"] as const;
export type TaskSubjectKind = (typeof TASK_SUBJECT_KINDS)[number];
export const TASK_SUBJECT_LABELS: Record<TaskSubjectKind, string> = {
  quote: "Quote",
  contact: "Message",
  appointment: "Appointment",
  person: "Person",
  service: "Service request",
};

export const TASK_TEXT_MAX_LENGTH = 1000;
/** At most this many tasks in one answer of the list (the soonest due first). */
export const TASK_LIST_LIMIT = 200;
/** The text and time of a task made from a lead's old follow-up date (migration, decision 0067). */
export const FOLLOW_UP_TASK_TEXT = "Follow up";
export const FOLLOW_UP_TASK_TIME = "09:00";
/**
 * A lead's next_task_at when it has no open task: after every real instant, so a list
 * sorted by the next task puts such leads last (migration 20261129000100).
 */
export const NO_NEXT_TASK_AT = "9999-12-31T23:59:59.999Z";

export const TASK_MESSAGES = {
  textRequired: "Say what is to be done",
  textTooLong: `A task must be at most ${TASK_TEXT_MAX_LENGTH.toLocaleString("en-US")} characters`,
  dueDateInvalid: "Enter the due date as YYYY-MM-DD",
  dueTimeInvalid: "Enter the due time as HH:MM (24-hour)",
  duePast: "Pick today or a later date for the task",
  subjectKind: `subject kind must be one of ${TASK_SUBJECT_KINDS.join(", ")}`,
  subjectNotFound: "The record this task is about was not found",
  assigneeRequired: "Choose who does the task",
  assigneeNotStaff: "That person cannot be given tasks",
  assignOthersForbidden: "You may give tasks only to yourself",
  listAllForbidden: "Only a manager may list everyone's tasks",
  nothingToChange: "Change the text, the due date and time, or the assignee",
  dueTogether: "Give the due date and time together",
  notFound: "Task not found",
  stateInvalid: "state must be open, done or all",
  scopeInvalid: "scope must be mine, all or unowned",
} as const;

const taskText = requiredText(
  TASK_MESSAGES.textRequired,
  TASK_TEXT_MAX_LENGTH,
  TASK_MESSAGES.textTooLong,
  "multiline",
);

/** "HH:MM", 00:00 to 23:59, as a time input gives it. */
export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

const dueDate = z
  .string({ error: TASK_MESSAGES.dueDateInvalid })
  .refine(isCalendarDate, { error: TASK_MESSAGES.dueDateInvalid });
const dueTime = z
  .string({ error: TASK_MESSAGES.dueTimeInvalid })
  .refine(isClockTime, { error: TASK_MESSAGES.dueTimeInvalid });

export const TaskSubjectSchema = z.object({
  kind: z.enum(TASK_SUBJECT_KINDS, { error: TASK_MESSAGES.subjectKind }),
  id: PathIdSchema,
});
export type TaskSubject = z.output<typeof TaskSubjectSchema>;

/** A new task, as staff write it: the due date and time are on the agency's clock. */
export const NewTaskSchema = z.object({
  subject: TaskSubjectSchema,
  text: taskText,
  dueDate,
  dueTime,
  assignedTo: RecordIdSchema.nullish().transform((value) => value ?? null),
});
export type NewTask = z.output<typeof NewTaskSchema>;

/**
 * A change to a task: its text, its due date and time (both together: a reschedule), its
 * assignee (a reassignment). At least one.
 */
export const TaskChangeSchema = z
  .object({
    text: taskText.optional(),
    dueDate: dueDate.optional(),
    dueTime: dueTime.optional(),
    assignedTo: RecordIdSchema.optional(),
  })
  .refine((change) => (change.dueDate === undefined) === (change.dueTime === undefined), {
    path: ["dueTime"],
    error: TASK_MESSAGES.dueTogether,
  })
  .refine(
    (change) =>
      change.text !== undefined || change.dueDate !== undefined || change.assignedTo !== undefined,
    { error: TASK_MESSAGES.nothingToChange },
  );
export type TaskChange = z.output<typeof TaskChangeSchema>;

export const TASK_STATES = ["open", "done", "all"] as const;
/**
 * mine: the caller's; all: everyone's; unowned: those nobody can do, carried over without
 * an assignee or given to someone whose account was deactivated (a manager gives them out).
 */
export const TASK_SCOPES = ["mine", "all", "unowned"] as const;

/**
 * Which tasks: the caller's (default), everyone's (leads.assign), or one record's (any
 * staff member sees every task of a record they can open).
 */
export const TaskListQuerySchema = z.object({
  scope: z.enum(TASK_SCOPES, { error: TASK_MESSAGES.scopeInvalid }).default("mine"),
  state: z.enum(TASK_STATES, { error: TASK_MESSAGES.stateInvalid }).default("open"),
  subjectKind: z.enum(TASK_SUBJECT_KINDS, { error: TASK_MESSAGES.subjectKind }).optional(),
  subjectId: PathIdSchema.optional(),
});
export type TaskListQuery = z.output<typeof TaskListQuerySchema>;

const PersonRefSchema = z.object({ _id: z.string(), name: z.string() });
/**
 * Whom a task is given to. `isActive` is false once their account can no longer sign in
 * (deactivated): the task stays theirs, flagged in the lists so a manager gives it to
 * someone else.
 */
const AssigneeRefSchema = PersonRefSchema.extend({ isActive: z.boolean() });

/** A stored task as the API returns it. */
export const TaskSchema = z.object({
  _id: z.string(),
  text: z.string(),
  subject: z.object({
    kind: z.enum(TASK_SUBJECT_KINDS),
    id: z.string(),
    /** The lead's or person's name, for lists; "" when it cannot be shown. */
    name: z.string(),
  }),
  /** The instant, ISO UTC. */
  dueAt: z.string(),
  /** The same instant on the agency's clock: "YYYY-MM-DD" and "HH:MM". */
  dueDate: z.string(),
  dueTime: z.string(),
  /** null only for a follow-up of an unassigned lead carried over (decision 0067). */
  assignee: AssigneeRefSchema.nullable(),
  createdBy: PersonRefSchema.nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  completedBy: PersonRefSchema.nullable(),
});
export type Task = z.output<typeof TaskSchema>;

/** The instant a Central date and time names, ISO UTC. */
export function taskDueAt(date: CalendarDate, time: string): string {
  const parts = parseCalendarDate(date);
  if (!parts || !isClockTime(time)) throw new Error(`not a due date and time: ${date} ${time}`);
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return agencyWallTimeToInstant(parts, hour * 60 + minute).toISOString();
}

/** An instant on the agency's clock, as the due date and time fields show it. */
export function taskDueParts(dueAt: string): { dueDate: CalendarDate; dueTime: string } {
  const clock = readAgencyWallClock(new Date(dueAt));
  const two = (n: number) => String(n).padStart(2, "0");
  return { dueDate: clock.date, dueTime: `${two(clock.hour)}:${two(clock.minute)}` };
}

/** Whether a due date is refused as past: the agency's today or later is fine. */
export function isDueDatePast(date: CalendarDate, now: Date): boolean {
  return date < todayInAgencyZone(now);
}

export const TASK_GROUPS = ["overdue", "today", "upcoming"] as const;
export type TaskGroup = (typeof TASK_GROUPS)[number];
export const TASK_GROUP_LABELS: Record<TaskGroup, string> = {
  overdue: "Overdue",
  today: "Today",
  upcoming: "Upcoming",
};

/** Where an open task belongs in "My tasks": its time has passed, later today, or after. */
export function taskGroup(dueAt: string, now: Date): TaskGroup {
  if (new Date(dueAt).getTime() < now.getTime()) return "overdue";
  return taskDueParts(dueAt).dueDate === todayInAgencyZone(now) ? "today" : "upcoming";
}

/** Open tasks by group, each soonest first. */
export function groupTasks<T extends { dueAt: string }>(
  tasks: readonly T[],
  now: Date,
): Record<TaskGroup, T[]> {
  const groups: Record<TaskGroup, T[]> = { overdue: [], today: [], upcoming: [] };
  const sorted = [...tasks].sort((a, b) => (a.dueAt < b.dueAt ? -1 : a.dueAt > b.dueAt ? 1 : 0));
  for (const task of sorted) groups[taskGroup(task.dueAt, now)].push(task);
  return groups;
}

type Actor = Pick<User, "_id" | "isAdmin" | "supperAdmin"> & { role?: readonly string[] };

/**
 * Who may give a task to whom (the lead's rule, mayAssign): leads.assign to anyone,
 * leads.work only to oneself. Nobody leaves a task without an assignee.
 */
export function mayAssignTask(actor: Actor, to: string): boolean {
  if (can(actor, "leads.assign")) return true;
  return can(actor, "leads.work") && to === actor._id;
}
