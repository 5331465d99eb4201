/**
 * The task feature as other features see it: the only module they import from it
 * (scripts/check-boundaries.mjs; docs/decisions/0051-server-layers.md).
 */

export { TASK_DAY_LIST_RELATED } from "./mail.ts";
export { toTask } from "./mapping.ts";
export { listTasksOfSubjects } from "./repository.ts";
export { registerTaskRoutes } from "./routes.ts";
export { createTaskListScheduler, type TaskListScheduler } from "./scheduler.ts";
export { insertTaskIn, isAssignable, moveOpenTaskIn } from "./service.ts";
