import {
  API_ENDPOINTS,
  can,
  isDueDatePast,
  TASK_MESSAGES,
  TASK_TEXT_MAX_LENGTH,
  type Task,
  type TaskSubjectKind,
  todayInAgencyZone,
} from "@agency/domain";
import { type FormEvent, useId, useState } from "react";
import { inputClass } from "../../components/control-classes";
import { FieldMessage, TextAreaField } from "../../components/form-controls";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import { silentFailureText } from "../../lib/format";
import { useFormSubmission } from "../../lib/use-form-submission";
import { useAssignableStaff } from "../../lib/use-staff";

type Field = "text" | "dueDate" | "dueTime" | "assignedTo";

/**
 * A new task on a record: what, when (a date and a time on the agency's clock), for whom.
 * An agent's tasks are their own; a manager may give one to anyone.
 */
export function AddTaskForm({
  subject,
  owner,
  onAdded,
}: {
  subject: { kind: TaskSubjectKind; id: string };
  owner: string;
  onAdded: (task: Task) => void;
}) {
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const staff = useAssignableStaff();
  const myId = user?._id ?? "";
  const mayAssignAnyone = can(user, "leads.assign");
  const today = todayInAgencyZone(new Date());
  const [text, setText] = useState("");
  const [dueDate, setDueDate] = useState(today);
  const [dueTime, setDueTime] = useState("09:00");
  const [assignedTo, setAssignedTo] = useState(myId);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const submission = useFormSubmission<Field>();
  const textId = useId();
  const dateId = useId();
  const timeId = useId();
  const assigneeId = useId();
  const dateErrorId = useId();
  const timeErrorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    const found: Partial<Record<Field, string>> = {};
    if (!text.trim()) found.text = TASK_MESSAGES.textRequired;
    if (!dueDate) found.dueDate = TASK_MESSAGES.dueDateInvalid;
    else if (isDueDatePast(dueDate, new Date())) found.dueDate = TASK_MESSAGES.duePast;
    if (!dueTime) found.dueTime = TASK_MESSAGES.dueTimeInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = { subject, text, dueDate, dueTime, assignedTo: assignedTo || myId };
    setIsBusy(true);
    setFormError(undefined);
    const result = await submission.send(body, (idempotencyKey) =>
      call(API_ENDPOINTS.tasks.create, { body, idempotencyKey }),
    );
    setIsBusy(false);
    if (result.ok) {
      onAdded(result.data.data);
      setText("");
      showToast("Task added.");
      return;
    }
    const fieldErrors: Partial<Record<Field, string>> = {};
    for (const error of result.errors) {
      if (["text", "dueDate", "dueTime", "assignedTo"].includes(error.field)) {
        fieldErrors[error.field as Field] = error.message;
      }
    }
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length === 0) {
      setFormError(`The task was not saved: ${errorText(result, silentFailureText(result))}`);
    }
  }

  return (
    <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
      <TextAreaField
        id={textId}
        label="What to do"
        rows={2}
        value={text}
        maxLength={TASK_TEXT_MAX_LENGTH}
        error={errors.text}
        onValueChange={(value) => {
          setText(value);
          if (errors.text) setErrors({ ...errors, text: undefined });
        }}
      />
      <div className="flex flex-wrap items-start gap-2">
        <div>
          <label htmlFor={dateId} className="mb-1 block text-sm font-semibold text-navy-900">
            Due date<span className="sr-only"> of the task on {owner}</span>
          </label>
          <input
            id={dateId}
            type="date"
            required
            min={today}
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            aria-describedby={errors.dueDate ? dateErrorId : undefined}
            aria-invalid={errors.dueDate ? true : undefined}
            className={cn(inputClass, "w-auto text-sm")}
          />
          <FieldMessage id={dateErrorId} message={errors.dueDate} />
        </div>
        <div>
          <label htmlFor={timeId} className="mb-1 block text-sm font-semibold text-navy-900">
            Time (Central)<span className="sr-only"> of the task on {owner}</span>
          </label>
          <input
            id={timeId}
            type="time"
            required
            value={dueTime}
            onChange={(event) => setDueTime(event.target.value)}
            aria-describedby={errors.dueTime ? timeErrorId : undefined}
            aria-invalid={errors.dueTime ? true : undefined}
            className={cn(inputClass, "w-auto text-sm")}
          />
          <FieldMessage id={timeErrorId} message={errors.dueTime} />
        </div>
        {mayAssignAnyone ? (
          <div>
            <label htmlFor={assigneeId} className="mb-1 block text-sm font-semibold text-navy-900">
              For<span className="sr-only"> the task on {owner}</span>
            </label>
            <select
              id={assigneeId}
              value={assignedTo}
              onChange={(event) => setAssignedTo(event.target.value)}
              className={cn(inputClass, "w-auto max-w-64 min-w-44 cursor-pointer pr-8 text-sm")}
            >
              {(staff ?? [{ _id: myId, name: "Me" }]).map((member) => (
                <option key={member._id} value={member._id}>
                  {member.name}
                  {member._id === myId && staff ? " (me)" : ""}
                </option>
              ))}
            </select>
            <FieldMessage id={`${assigneeId}-error`} message={errors.assignedTo} />
          </div>
        ) : null}
      </div>
      <PanelSubmit
        error={formError}
        isBusy={isBusy}
        label="Add task"
        busyLabel="Saving…"
        context={` on ${owner}`}
      />
    </form>
  );
}
