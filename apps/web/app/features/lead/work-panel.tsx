import {
  API_ENDPOINTS,
  CALL_OUTCOME_LABELS,
  CALL_OUTCOMES,
  type CallOutcome,
  can,
  type LeadNote,
  NOTE_MAX_LENGTH,
  type NoteKind,
  WORK_MESSAGES,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useState } from "react";
import { FieldMessage, TextAreaField } from "../../components/form-controls";
import { PanelSubmit } from "../../components/panel-submit";
import { type ApiFailure, errorText, type RouteBody } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import type { WorkView } from "../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { useFormSubmission } from "../../lib/use-form-submission";
import { useAssignableStaff } from "../../lib/use-staff";
import { TaskPanel } from "../task";
import type { LeadRoute } from "./lead-routes";
import { inputClass, secondaryButtonClass } from "./list-controls";

export type LeadWork = { assignedTo: string | null; followUpOn: string | null };

/** Whose lead and which: the kind's work routes take its id. */
type LeadRef = { view: WorkView; id: string };

const calendarDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
/** "Thu, Mar 6, 2030" for a calendar date. */
export function formatFollowUp(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : calendarDay.format(parsed);
}

/** How tasks name a lead of each view. */
const TASK_KIND = {
  quotes: "quote",
  contacts: "contact",
  appointments: "appointment",
  service: "service",
} as const satisfies Record<WorkView, string>;

const subheading = "mb-2 text-sm font-bold tracking-wide text-navy-800 uppercase";

/**
 * Working one lead: who has it, its notes and calls, and its tasks (issue 27 §2: a task
 * replaced the bare follow-up date). Each change is
 * saved on its own; a failure is shown beside the control that caused it and nothing typed
 * is lost.
 */
export function WorkPanel({
  kind,
  lead,
  owner,
  onChanged,
}: {
  kind: WorkView;
  lead: { _id: string } & LeadWork;
  /** Whose lead ("Ann Tester's message"), for accessible names. */
  owner: string;
  onChanged: (change: LeadWork) => void;
}) {
  const ref: LeadRef = { view: kind, id: lead._id };
  return (
    // Laid out by the room it has (a half-width card or a full-width row), not the screen.
    <div className="@container">
      <section
        aria-label={`Work on ${owner}`}
        className="grid gap-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 @xl:grid-cols-2"
      >
        <Assignment target={ref} lead={lead} owner={owner} onChanged={onChanged} />
        <Notes target={ref} owner={owner} />
        <TaskPanel subject={{ kind: TASK_KIND[kind], id: lead._id }} owner={owner} />
      </section>
    </div>
  );
}

type WorkChange = RouteBody<LeadRoute<"assign">>;

/** Saves an assignment through the kind's route for it. */
function useWorkChange(lead: LeadRef, onChanged: (change: LeadWork) => void) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  async function save(change: WorkChange, success: string) {
    if (isBusy) return;
    setIsBusy(true);
    setError(undefined);
    const params = { id: lead.id };
    const endpoints = API_ENDPOINTS[lead.view];
    const result = await call<LeadRoute<"assign">>(endpoints.assign, { params, body: change });
    setIsBusy(false);
    if (result.ok) {
      onChanged(result.data.data);
      showToast(success);
    } else {
      setError(result.errors[0]?.message ?? errorText(result, silentFailureText(result)));
    }
  }
  return { save, isBusy, error };
}

function Assignment({
  target,
  lead,
  owner,
  onChanged,
}: {
  target: LeadRef;
  lead: LeadWork;
  owner: string;
  onChanged: (change: LeadWork) => void;
}) {
  const { user } = useAuth();
  const staff = useAssignableStaff();
  const selectId = useId();
  const errorId = useId();
  const [choice, setChoice] = useState(lead.assignedTo ?? "");
  const { save, isBusy, error } = useWorkChange(target, (change) => {
    setChoice(change.assignedTo ?? "");
    onChanged(change);
  });
  const myId = user?._id ?? "";
  const mayAssignAnyone = can(user, "leads.assign");
  const nameOf = (id: string) =>
    id === myId ? "You" : (staff?.find((s) => s._id === id)?.name ?? "A former staff member");
  const assign = (to: string | null) =>
    save(
      { assignedTo: to },
      to === null ? "Unassigned." : `Assigned to ${to === myId ? "you" : nameOf(to)}.`,
    );

  return (
    <div className="min-w-0">
      <h4 className={subheading}>Assigned to</h4>
      <p className="mb-2 text-sm text-slate-800">
        {lead.assignedTo ? (
          <span className="font-semibold">{nameOf(lead.assignedTo)}</span>
        ) : (
          "Nobody yet"
        )}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {mayAssignAnyone ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void assign(choice || null);
            }}
          >
            <div>
              <label htmlFor={selectId} className="mb-1 block text-sm font-semibold text-navy-900">
                Staff member<span className="sr-only"> for {owner}</span>
              </label>
              <select
                id={selectId}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
                aria-describedby={error ? errorId : undefined}
                aria-invalid={error ? true : undefined}
                className={cn(inputClass, "w-auto max-w-64 min-w-44 cursor-pointer pr-8 text-sm")}
              >
                <option value="">Unassigned</option>
                {(staff ?? []).map((member) => (
                  <option key={member._id} value={member._id}>
                    {member.name}
                    {member._id === myId ? " (me)" : ""}
                  </option>
                ))}
                {lead.assignedTo && !staff?.some((s) => s._id === lead.assignedTo) ? (
                  <option value={lead.assignedTo}>{nameOf(lead.assignedTo)}</option>
                ) : null}
              </select>
            </div>
            <button
              type="submit"
              className={secondaryButtonClass}
              disabled={isBusy || choice === (lead.assignedTo ?? "")}
            >
              Assign
            </button>
          </form>
        ) : null}
        {lead.assignedTo !== myId && (mayAssignAnyone || lead.assignedTo === null) ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={isBusy}
            onClick={() => void assign(myId)}
          >
            Assign to me<span className="sr-only">: {owner}</span>
          </button>
        ) : null}
        {lead.assignedTo === myId && !mayAssignAnyone ? (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={isBusy}
            onClick={() => void assign(null)}
          >
            Unassign me<span className="sr-only">: {owner}</span>
          </button>
        ) : null}
      </div>
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}

type NotesState =
  | { phase: "loading" }
  | { phase: "ready"; notes: LeadNote[] }
  | { phase: "error"; message: string };

type NoteField = "body" | "outcome";

function Notes({ target, owner }: { target: LeadRef; owner: string }) {
  const { call } = useAuth();
  const { view, id } = target;
  const { showToast } = useDashboard();
  const [state, setState] = useState<NotesState>({ phase: "loading" });
  const [kind, setKind] = useState<NoteKind>("note");
  const [outcome, setOutcome] = useState<CallOutcome | "">("");
  const [body, setBody] = useState("");
  const [bodyError, setBodyError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const submission = useFormSubmission<NoteField>();
  const bodyId = useId();
  const outcomeId = useId();
  const kindName = useId();

  useEffect(() => {
    const controller = new AbortController();
    call<LeadRoute<"notes">>(API_ENDPOINTS[view].notes, {
      params: { id },
      signal: controller.signal,
    })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? { phase: "ready", notes: result.data.data }
            : { phase: "error", message: errorText(result, silentFailureText(result)) },
        );
      })
      .catch(() => {
        // Closed before the answer came.
      });
    return () => controller.abort();
  }, [call, view, id]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    if (!body.trim()) {
      setBodyError(WORK_MESSAGES.noteRequired);
      return;
    }
    const answers = { kind, body, ...(kind === "call" && outcome ? { outcome } : {}) };
    setIsBusy(true);
    setFormError(undefined);
    const result = await submission.send(answers, (idempotencyKey) =>
      call<LeadRoute<"addNote">>(API_ENDPOINTS[view].addNote, {
        params: { id },
        body: answers,
        idempotencyKey,
      }),
    );
    setIsBusy(false);
    if (result.ok) {
      const note = result.data.data;
      setState((current) =>
        current.phase === "ready" ? { ...current, notes: [note, ...current.notes] } : current,
      );
      setBody("");
      setOutcome("");
      showToast(kind === "call" ? "Call logged." : "Note added.");
      return;
    }
    const failure: ApiFailure = result;
    const fieldError = failure.errors.find((e) => e.field === "body")?.message;
    if (fieldError) setBodyError(fieldError);
    else
      setFormError(
        `The ${kind === "call" ? "call" : "note"} was not saved: ${errorText(failure, silentFailureText(failure))}`,
      );
  }

  return (
    <div className="min-w-0 @xl:col-span-2">
      <h4 className={subheading}>Notes and calls</h4>
      <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <fieldset className="flex gap-1">
            <legend className="mb-1 text-sm font-semibold text-navy-900">Type</legend>
            {(["note", "call"] as const).map((option) => (
              <label
                key={option}
                className={cn(
                  "flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm font-semibold ring-1 ring-inset",
                  kind === option
                    ? "bg-navy-900 text-white ring-navy-900"
                    : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50",
                )}
              >
                <input
                  type="radio"
                  name={kindName}
                  value={option}
                  checked={kind === option}
                  onChange={() => setKind(option)}
                  className="size-4 accent-brand-700"
                />
                {option === "note" ? "Note" : "Call"}
              </label>
            ))}
          </fieldset>
          {kind === "call" ? (
            <div>
              <label htmlFor={outcomeId} className="mb-1 block text-sm font-semibold text-navy-900">
                Outcome <span className="font-normal text-slate-600">(optional)</span>
              </label>
              <select
                id={outcomeId}
                value={outcome}
                onChange={(event) => setOutcome(event.target.value as CallOutcome | "")}
                className={cn(inputClass, "w-auto min-w-44 cursor-pointer pr-8 text-sm")}
              >
                <option value="">Not recorded</option>
                {CALL_OUTCOMES.map((value) => (
                  <option key={value} value={value}>
                    {CALL_OUTCOME_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <TextAreaField
          id={bodyId}
          label={kind === "call" ? "What was said" : "Your note"}
          rows={3}
          value={body}
          maxLength={NOTE_MAX_LENGTH}
          error={bodyError}
          onValueChange={(value) => {
            setBody(value);
            if (bodyError) setBodyError(undefined);
          }}
        />
        <PanelSubmit
          error={formError}
          isBusy={isBusy}
          label={kind === "call" ? "Log call" : "Add note"}
          busyLabel="Saving…"
          context={` on ${owner}`}
        />
      </form>

      <div className="mt-4" aria-live="polite">
        {state.phase === "loading" ? (
          <p className="text-sm text-slate-700">Loading notes…</p>
        ) : state.phase === "error" ? (
          <p role="alert" className="text-sm text-red-800">
            The notes could not be loaded: {state.message}
          </p>
        ) : state.notes.length === 0 ? (
          <p className="text-sm text-slate-700">No notes or calls yet.</p>
        ) : (
          <NoteList notes={state.notes} label={`Notes and calls on ${owner}`} />
        )}
      </div>
    </div>
  );
}

/** Notes and calls, newest first: what, who and when. */
export function NoteList({ notes, label }: { notes: readonly LeadNote[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-2">
      {notes.map((note) => (
        <li key={note._id} className="rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs font-semibold",
                note.kind === "call"
                  ? "bg-violet-100 text-violet-900"
                  : "bg-slate-200 text-slate-800",
              )}
            >
              {note.kind === "call" ? "Call" : "Note"}
              {note.outcome ? ` · ${CALL_OUTCOME_LABELS[note.outcome]}` : ""}
            </span>
            <span className="font-semibold text-navy-900">
              {note.author?.name ?? "A former staff member"}
            </span>
            <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
          </p>
          <p className="mt-1 wrap-anywhere whitespace-pre-line text-slate-900">{note.body}</p>
        </li>
      ))}
    </ol>
  );
}
