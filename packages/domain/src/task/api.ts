import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { NewTaskSchema, TaskChangeSchema, TaskListQuerySchema, TaskSchema } from "./schema.ts";

export const TaskListSchema = z.object({
  success: z.literal(true),
  /** Now, ISO UTC: the web groups open tasks into overdue, today and upcoming from it. */
  now: z.string(),
  data: z.array(TaskSchema),
});
export type TaskList = z.output<typeof TaskListSchema>;

export const TaskAnswerSchema = z.object({ success: z.literal(true), data: TaskSchema });

/**
 * Tasks (issue 27 §2, decision 0067). Any staff member who works leads sees a record's
 * tasks and their own; everyone's takes leads.assign (checked by the service). Giving a
 * task to someone else takes leads.assign too (mayAssignTask).
 */
export const TaskRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/tasks",
    summary: "Tasks: the caller's, one record's, or everyone's (managers); soonest due first",
    access: "leads.view",
    query: TaskListQuerySchema,
    responses: { 200: TaskListSchema },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/tasks",
    summary:
      "Add a task on a lead or a person, due at a Central date and time; takes an Idempotency-Key",
    access: "leads.work",
    body: NewTaskSchema,
    responses: { 201: TaskAnswerSchema },
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/tasks/:id",
    summary: "Change a task's text, reschedule it or reassign it",
    access: "leads.work",
    params: IdParamsSchema,
    body: TaskChangeSchema,
    responses: { 200: TaskAnswerSchema },
  }),
  complete: defineRoute({
    method: "POST",
    path: "/api/tasks/:id/complete",
    summary: "Mark a task done",
    access: "leads.work",
    params: IdParamsSchema,
    responses: { 200: TaskAnswerSchema },
  }),
  reopen: defineRoute({
    method: "POST",
    path: "/api/tasks/:id/reopen",
    summary: "Open a done task again",
    access: "leads.work",
    params: IdParamsSchema,
    responses: { 200: TaskAnswerSchema },
  }),
};
