import { can, type Task } from "@agency/domain";
import { useState } from "react";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { GroupedTasks } from "./grouped-tasks";
import { TaskItem } from "./task-item";
import { useTasks } from "./use-tasks";

type Scope = "mine" | "all" | "unowned";
type Shown = "open" | "done";

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-1">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            "min-h-11 cursor-pointer rounded-md px-3 text-sm font-semibold ring-1 ring-inset",
            value === option.value
              ? "bg-navy-900 text-white ring-navy-900"
              : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50",
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * /dashboard/tasks: one's tasks (or, for a manager, everyone's, or those that need an
 * owner), open ones by overdue, today and upcoming; done ones latest first.
 */
export function TasksView() {
  const { user } = useAuth();
  const mayListAll = can(user, "leads.assign");
  const [scope, setScope] = useState<Scope>("mine");
  const [shown, setShown] = useState<Shown>("open");
  const { state, replace } = useTasks({ scope, state: shown });
  const stays = (task: Task) => (task.completedAt === null) === (shown === "open");

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-4">
        {mayListAll ? (
          <Toggle
            label="Whose tasks"
            value={scope}
            onChange={setScope}
            options={[
              { value: "mine", label: "Mine" },
              { value: "all", label: "Everyone's" },
              // Carried over without an assignee, or a deactivated colleague's: to give out.
              { value: "unowned", label: "Needs an owner" },
            ]}
          />
        ) : null}
        <Toggle
          label="Open or done"
          value={shown}
          onChange={setShown}
          options={[
            { value: "open", label: "Open" },
            { value: "done", label: "Done" },
          ]}
        />
      </div>
      <div aria-live="polite" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        {state.phase === "loading" ? (
          <p className="text-sm text-slate-700">Loading tasks…</p>
        ) : state.phase === "error" ? (
          <p role="alert" className="text-sm text-red-800">
            The tasks could not be loaded: {state.message}
          </p>
        ) : state.tasks.length === 0 ? (
          <p className="text-sm text-slate-700">
            {scope === "unowned"
              ? shown === "open"
                ? "Every open task has someone to do it."
                : "No done tasks without an owner."
              : shown === "open"
                ? "No open tasks."
                : "No done tasks yet."}
          </p>
        ) : shown === "open" ? (
          <GroupedTasks
            tasks={state.tasks}
            now={state.now}
            headingLevel="h2"
            onChanged={(task) => replace(task, stays)}
          />
        ) : (
          <ul aria-label="Done tasks" className="space-y-2">
            {state.tasks.map((task) => (
              <TaskItem
                key={task._id}
                task={task}
                now={state.now}
                showSubject
                onChanged={(changed) => replace(changed, stays)}
              />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
