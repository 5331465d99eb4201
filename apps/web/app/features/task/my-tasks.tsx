import { Link } from "react-router";
import { viewPath } from "../../lib/dashboard-views";
import { GroupedTasks } from "./grouped-tasks";
import { RequestsDue } from "./requests-due";
import { useTasks } from "./use-tasks";

/**
 * The overview's "My tasks": the caller's Client Center requests due (and, for managers,
 * those without an owner), then their open tasks, overdue, today and upcoming.
 */
export function MyTasks() {
  const { state, replace } = useTasks({ scope: "mine", state: "open" });
  const overdue =
    state.phase === "ready"
      ? state.tasks.filter((t) => new Date(t.dueAt).getTime() < state.now.getTime()).length
      : 0;
  return (
    <section
      aria-labelledby="my-tasks-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="my-tasks-heading" className="font-bold text-navy-900">
          My tasks
          {overdue > 0 ? (
            <span className="ml-2 rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900">
              {overdue}
              <span className="sr-only"> overdue</span>
            </span>
          ) : null}
        </h2>
        <Link
          to={viewPath("tasks")}
          className="flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          All my tasks
        </Link>
      </div>
      <RequestsDue />
      {state.phase === "loading" ? (
        <p className="text-sm text-slate-700">Loading…</p>
      ) : state.phase === "error" ? (
        <p role="alert" className="text-sm text-red-800">
          Your tasks could not be loaded: {state.message}
        </p>
      ) : state.tasks.length === 0 ? (
        <p className="text-sm text-slate-700">
          No open tasks. Tasks you add on a lead, or that are given to you, show here.
        </p>
      ) : (
        <GroupedTasks
          tasks={state.tasks}
          now={state.now}
          upcomingLimit={5}
          onChanged={(task) => replace(task, (t) => t.completedAt === null)}
        />
      )}
    </section>
  );
}
