import type { Task, TaskSubjectKind } from "@agency/domain";
import { useId, useState } from "react";
import { AddTaskForm } from "./add-task-form";
import { TaskItem } from "./task-item";
import { useTasks } from "./use-tasks";

const subheading = "mb-2 text-sm font-bold tracking-wide text-navy-800 uppercase";

/** A record's tasks: add one, and complete, reschedule or reassign each (issue 27 §2). */
export function TaskPanel({
  subject,
  owner,
  asCard = false,
}: {
  subject: { kind: TaskSubjectKind; id: string };
  owner: string;
  /** A card of its own with a section heading (the person page), not a part of a lead's work. */
  asCard?: boolean;
}) {
  const headingId = useId();
  const { state, replace, add } = useTasks({
    subjectKind: subject.kind,
    subjectId: subject.id,
    state: "all",
  });
  const [isShowingDone, setIsShowingDone] = useState(false);
  const onChanged = (task: Task) => replace(task, () => true);
  const Wrapper = asCard ? "section" : "div";
  const open = state.phase === "ready" ? state.tasks.filter((t) => t.completedAt === null) : [];
  const done = state.phase === "ready" ? state.tasks.filter((t) => t.completedAt !== null) : [];

  return (
    <Wrapper
      {...(asCard
        ? {
            "aria-labelledby": headingId,
            className: "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5",
          }
        : { className: "min-w-0 @xl:col-span-2" })}
    >
      {asCard ? (
        <h3 id={headingId} className="mb-2 text-lg font-bold text-navy-900">
          Tasks
        </h3>
      ) : (
        <h4 className={subheading}>Tasks</h4>
      )}
      <AddTaskForm subject={subject} owner={owner} onAdded={add} />
      <div className="mt-4" aria-live="polite">
        {state.phase === "loading" ? (
          <p className="text-sm text-slate-700">Loading tasks…</p>
        ) : state.phase === "error" ? (
          <p role="alert" className="text-sm text-red-800">
            The tasks could not be loaded: {state.message}
          </p>
        ) : (
          <>
            {open.length === 0 ? (
              <p className="text-sm text-slate-700">No open tasks.</p>
            ) : (
              <ul aria-label={`Open tasks on ${owner}`} className="space-y-2">
                {open.map((task) => (
                  <TaskItem
                    key={task._id}
                    task={task}
                    now={state.now}
                    showSubject={false}
                    onChanged={onChanged}
                  />
                ))}
              </ul>
            )}
            {done.length > 0 ? (
              <div className="mt-3">
                <button
                  type="button"
                  aria-expanded={isShowingDone}
                  onClick={() => setIsShowingDone(!isShowingDone)}
                  className="min-h-11 cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2"
                >
                  {isShowingDone ? "Hide" : "Show"} {done.length} done
                </button>
                {isShowingDone ? (
                  <ul aria-label={`Done tasks on ${owner}`} className="mt-2 space-y-2">
                    {done.map((task) => (
                      <TaskItem
                        key={task._id}
                        task={task}
                        now={state.now}
                        showSubject={false}
                        onChanged={onChanged}
                      />
                    ))}
                  </ul>
                ) : null}
              </div>
            ) : null}
          </>
        )}
      </div>
    </Wrapper>
  );
}
