/** The task feature as other features see it (scripts/check-boundaries.mjs). */
export { MyTasks } from "./my-tasks";
export { ServiceDueList } from "./service-due-list";
export { TaskList } from "./task-list";
export { TaskPanel } from "./task-panel";
export { TasksView } from "./tasks-view";
