import type { Task } from "@agency/domain";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";

/**
 * A record's tasks as a timeline shows them (read only; they are worked on the record's
 * page): what, when (Central), whose, and whether it is done.
 */
export function TaskList({ tasks, label }: { tasks: readonly Task[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-2">
      {tasks.map((task) => {
        const isDone = task.completedAt !== null;
        return (
          <li key={task._id} className="rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs font-semibold",
                  isDone ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900",
                )}
              >
                {isDone ? "Task · Done" : "Task · Open"}
              </span>
              <span>
                Due <time dateTime={task.dueAt}>{formatDateTime(task.dueAt)}</time>
              </span>
              <span className="font-semibold text-navy-900">
                {task.assignee?.name ?? "Unassigned"}
              </span>
              {!isDone && task.assignee && !task.assignee.isActive ? (
                <span className="text-red-800">Account deactivated</span>
              ) : null}
            </p>
            <p
              className={cn(
                "mt-1 wrap-anywhere whitespace-pre-line text-slate-900",
                isDone && "text-slate-700",
              )}
            >
              {task.text}
            </p>
            {isDone && task.completedAt ? (
              <p className="mt-1 text-slate-700">
                Done <time dateTime={task.completedAt}>{formatDateTime(task.completedAt)}</time>
                {task.completedBy ? ` by ${task.completedBy.name}` : ""}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
