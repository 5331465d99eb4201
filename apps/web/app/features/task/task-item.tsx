import {
  API_ENDPOINTS,
  can,
  isDueDatePast,
  TASK_SUBJECT_LABELS,
  type Task,
  type TaskGroup,
  taskGroup,
  todayInAgencyZone,
} from "@agency/domain";
import { useId, useState } from "react";
import { Link } from "react-router";
import { inputClass, secondaryButtonClass } from "../../components/control-classes";
import { FieldMessage } from "../../components/form-controls";
import { type ApiResult, errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { useAssignableStaff } from "../../lib/use-staff";
import { taskSubjectHref } from "./subject";

const GROUP_LOOK: Record<TaskGroup, string> = {
  overdue: "bg-red-100 text-red-900",
  today: "bg-amber-100 text-amber-900",
  upcoming: "bg-slate-200 text-slate-800",
};
const GROUP_WORD: Record<TaskGroup, string> = {
  overdue: "Overdue",
  today: "Due today",
  upcoming: "Upcoming",
};

type Mode = "view" | "reschedule" | "reassign";

/**
 * One task: what, when (Central), whose, about what; complete or reopen it, reschedule
 * it, reassign it. Each change is saved on its own; a refusal shows beside the task.
 */
export function TaskItem({
  task,
  now,
  showSubject,
  onChanged,
}: {
  task: Task;
  now: Date;
  /** Lists across records name the record; a record's own panel does not. */
  showSubject: boolean;
  onChanged: (task: Task) => void;
}) {
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const staff = useAssignableStaff();
  const [mode, setMode] = useState<Mode>("view");
  const [dueDate, setDueDate] = useState(task.dueDate);
  const [dueTime, setDueTime] = useState(task.dueTime);
  const [assignee, setAssignee] = useState(task.assignee?._id ?? "");
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const dateId = useId();
  const timeId = useId();
  const assigneeId = useId();
  const errorId = useId();
  const myId = user?._id ?? "";
  const mayAssignAnyone = can(user, "leads.assign");
  const isDone = task.completedAt !== null;
  const group = isDone ? null : taskGroup(task.dueAt, now);
  const label = task.text.split("\n")[0] ?? "";

  async function run(
    send: () => Promise<ApiResult<{ success: true; data: Task }>>,
    success: string,
  ) {
    if (isBusy) return;
    setIsBusy(true);
    setError(undefined);
    const result = await send();
    setIsBusy(false);
    if (result.ok) {
      onChanged(result.data.data);
      setMode("view");
      showToast(success);
    } else {
      setError(result.errors[0]?.message ?? errorText(result, silentFailureText(result)));
    }
  }
  const params = { id: task._id };
  const complete = () =>
    run(() => call(API_ENDPOINTS.tasks.complete, { params }), `Done: ${label}.`);
  const reopen = () =>
    run(() => call(API_ENDPOINTS.tasks.reopen, { params }), `Opened again: ${label}.`);
  const reschedule = () => {
    if (isDueDatePast(dueDate, now)) {
      setError("Pick today or a later date for the task");
      return;
    }
    return run(
      () => call(API_ENDPOINTS.tasks.update, { params, body: { dueDate, dueTime } }),
      "Task rescheduled.",
    );
  };
  const reassign = (to: string) =>
    run(
      () => call(API_ENDPOINTS.tasks.update, { params, body: { assignedTo: to } }),
      to === myId ? "The task is yours." : "Task reassigned.",
    );

  return (
    <li className="rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
      {/* The text first, the actions under it: a narrow card never squeezes the text. */}
      <div className="flex flex-col gap-2">
        <div className="min-w-0">
          <p
            className={cn(
              "wrap-anywhere whitespace-pre-line font-semibold text-navy-900",
              isDone && "text-slate-600 line-through",
            )}
          >
            {task.text}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
            {group ? (
              <span
                className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", GROUP_LOOK[group])}
              >
                {GROUP_WORD[group]}
              </span>
            ) : (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                Done
              </span>
            )}
            <time dateTime={task.dueAt}>{formatDateTime(task.dueAt)}</time>
            <span>
              ·{" "}
              {task.assignee
                ? task.assignee._id === myId
                  ? "You"
                  : task.assignee.name
                : "Unassigned"}
            </span>
            {/* Still theirs after their account was deactivated: someone else should take it. */}
            {!isDone && task.assignee && !task.assignee.isActive ? (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                Account deactivated
              </span>
            ) : null}
            {showSubject ? (
              <span>
                ·{" "}
                <Link
                  to={taskSubjectHref(task.subject.kind, task.subject.id)}
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {task.subject.name || TASK_SUBJECT_LABELS[task.subject.kind]}
                </Link>{" "}
                ({TASK_SUBJECT_LABELS[task.subject.kind]})
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isDone ? (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={isBusy}
              onClick={() => void reopen()}
            >
              Reopen<span className="sr-only">: {label}</span>
            </button>
          ) : (
            <>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={isBusy}
                onClick={() => void complete()}
              >
                Complete<span className="sr-only">: {label}</span>
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                aria-expanded={mode === "reschedule"}
                onClick={() => setMode(mode === "reschedule" ? "view" : "reschedule")}
              >
                Reschedule<span className="sr-only">: {label}</span>
              </button>
              {mayAssignAnyone ? (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-expanded={mode === "reassign"}
                  onClick={() => setMode(mode === "reassign" ? "view" : "reassign")}
                >
                  Reassign<span className="sr-only">: {label}</span>
                </button>
              ) : task.assignee?._id !== myId ? (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={isBusy}
                  onClick={() => void reassign(myId)}
                >
                  Take it<span className="sr-only">: {label}</span>
                </button>
              ) : null}
            </>
          )}
        </div>
      </div>
      {mode === "reschedule" ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void reschedule();
          }}
        >
          <div>
            <label htmlFor={dateId} className="mb-1 block text-sm font-semibold text-navy-900">
              New date<span className="sr-only"> for {label}</span>
            </label>
            <input
              id={dateId}
              type="date"
              required
              min={todayInAgencyZone(now)}
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
              className={cn(inputClass, "w-auto text-sm")}
            />
          </div>
          <div>
            <label htmlFor={timeId} className="mb-1 block text-sm font-semibold text-navy-900">
              Time (Central)<span className="sr-only"> for {label}</span>
            </label>
            <input
              id={timeId}
              type="time"
              required
              value={dueTime}
              onChange={(event) => setDueTime(event.target.value)}
              className={cn(inputClass, "w-auto text-sm")}
            />
          </div>
          <button
            type="submit"
            className={secondaryButtonClass}
            disabled={isBusy || !dueDate || !dueTime}
          >
            Save<span className="sr-only"> the new time of {label}</span>
          </button>
        </form>
      ) : null}
      {mode === "reassign" ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (assignee) void reassign(assignee);
          }}
        >
          <div>
            <label htmlFor={assigneeId} className="mb-1 block text-sm font-semibold text-navy-900">
              Give it to<span className="sr-only">: {label}</span>
            </label>
            <select
              id={assigneeId}
              value={assignee}
              onChange={(event) => setAssignee(event.target.value)}
              className={cn(inputClass, "w-auto max-w-64 min-w-44 cursor-pointer pr-8 text-sm")}
            >
              {task.assignee === null ? <option value="">Choose…</option> : null}
              {(staff ?? []).map((member) => (
                <option key={member._id} value={member._id}>
                  {member.name}
                  {member._id === myId ? " (me)" : ""}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            className={secondaryButtonClass}
            disabled={isBusy || !assignee || assignee === task.assignee?._id}
          >
            Reassign<span className="sr-only"> {label}</span>
          </button>
        </form>
      ) : null}
      <FieldMessage id={errorId} message={error} />
    </li>
  );
}
