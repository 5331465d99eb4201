import {
  API_ENDPOINTS,
  PRIVACY_ANSWER_STATUSES,
  PRIVACY_REQUEST_CLOSED_STATUSES,
  PRIVACY_REQUEST_LIMITS,
  type PrivacyRequestPage as PrivacyRequestAnswer,
  type PrivacyRequestEvent,
} from "@agency/domain";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { personPath, viewPath } from "../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { ErrorPanel, LoadingState } from "../lead";
import { PrivacyDueDate, privacyKindLabel, privacyStatusLabel } from "./privacy-text";

const controlClass =
  "mt-1 min-h-11 w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-base text-slate-900";
const labelClass = "block text-sm font-semibold text-navy-900";
const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500";
const panelClass = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/** What each history step says. */
const ACTIONS: Record<string, string> = {
  "privacy_request.received": "Request sent from the privacy page",
  "privacy_request.verified": "Confirmed by the person's email link",
  "privacy_request.updated": "Changed",
  "privacy_request.answered": "Answer emailed to the person",
};

type LoadState =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "loaded"; page: PrivacyRequestAnswer };

/** One privacy request: who, what, when it is due, its status, assignee, answer and history. */
export function PrivacyRequestPage({ id }: { id: string }) {
  const { call } = useAuth();
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [staff, setStaff] = useState<{ _id: string; name: string }[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: a new one loads again
  useEffect(() => {
    const controller = new AbortController();
    void call(API_ENDPOINTS.privacyRequests.one, {
      params: { id },
      signal: controller.signal,
    }).then((result) => {
      if (controller.signal.aborted) return;
      setState(
        result.ok
          ? { status: "loaded", page: result.data }
          : { status: "failed", message: errorText(result, silentFailureText(result)) },
      );
    });
    return () => controller.abort();
  }, [call, id, attempt]);

  useEffect(() => {
    void call(API_ENDPOINTS.privacyRequests.assignable).then((result) => {
      if (result.ok) setStaff(result.data.data);
    });
  }, [call]);

  const show = useCallback(
    (page: PrivacyRequestAnswer) => setState({ status: "loaded", page }),
    [],
  );

  if (state.status === "loading") return <LoadingState label="Loading the request…" />;
  if (state.status === "failed") {
    return (
      <div className="space-y-4">
        <ErrorPanel
          title="The request could not be loaded"
          message={state.message}
          onRetry={() => setAttempt((n) => n + 1)}
        />
        <Link to={viewPath("privacy")} className="font-semibold text-brand-700 underline">
          Back to privacy requests
        </Link>
      </div>
    );
  }
  const { data: request, timeline } = state.page;
  const isClosed = (PRIVACY_REQUEST_CLOSED_STATUSES as readonly string[]).includes(request.status);
  return (
    <div className="grid max-w-5xl gap-5 lg:grid-cols-[3fr_2fr]">
      <div className="space-y-5">
        <section aria-labelledby="privacy-request-heading" className={panelClass}>
          <h2 id="privacy-request-heading" className="text-2xl font-bold text-navy-900">
            {privacyKindLabel(request.kind)}
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Item term="From">
              <span className="wrap-anywhere">{request.name}</span>
              <br />
              <span className="wrap-anywhere">{request.email}</span>
              {request.phone ? (
                <>
                  <br />
                  {request.phone}
                </>
              ) : null}
            </Item>
            <Item term="Person">
              {request.personId ? (
                <Link
                  to={`${personPath(request.personId)}#privacy`}
                  className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2"
                >
                  Export or erase on the person's page
                </Link>
              ) : (
                "Nobody with this email on file: look the person up before answering."
              )}
            </Item>
            <Item term="Received">{formatDateTime(request.createdAt)}</Item>
            <Item term="Confirmed">{formatDateTime(request.verifiedAt)}</Item>
            <Item term="Due by">
              <PrivacyDueDate dueOn={request.dueOn} overdue={request.overdue} />
            </Item>
            <Item term="Status">{privacyStatusLabel(request.status)}</Item>
          </dl>
          {request.details ? (
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-navy-900">Details</h3>
              <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-800">
                {request.details}
              </p>
            </div>
          ) : null}
        </section>
        {isClosed ? (
          <section aria-labelledby="privacy-answer-heading" className={panelClass}>
            <h2 id="privacy-answer-heading" className="text-lg font-bold text-navy-900">
              Answer sent {request.answeredAt ? formatDateTime(request.answeredAt) : ""}
            </h2>
            <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-slate-800">
              {request.answer}
            </p>
          </section>
        ) : (
          <AnswerForm id={id} onAnswered={show} />
        )}
      </div>
      <div className="space-y-5">
        <WorkForm
          id={id}
          status={request.status}
          assignedTo={request.assignedTo}
          isClosed={isClosed}
          staff={staff}
          onChanged={show}
        />
        <Timeline events={timeline} />
      </div>
    </div>
  );
}

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-semibold text-slate-600">{term}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

function WorkForm({
  id,
  status,
  assignedTo,
  isClosed,
  staff,
  onChanged,
}: {
  id: string;
  status: string;
  assignedTo: string | null;
  isClosed: boolean;
  staff: { _id: string; name: string }[] | null;
  onChanged: (page: PrivacyRequestAnswer) => void;
}) {
  const { call } = useAuth();
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const save = async (body: { status?: "new" | "in-progress"; assignedTo?: string | null }) => {
    if (isBusy) return;
    setIsBusy(true);
    setMessage(null);
    const result = await call(API_ENDPOINTS.privacyRequests.update, { params: { id }, body });
    setIsBusy(false);
    if (result.ok) onChanged(result.data);
    else setMessage(errorText(result, silentFailureText(result)));
  };
  return (
    <section aria-labelledby="privacy-work-heading" className={panelClass}>
      <h2 id="privacy-work-heading" className="text-lg font-bold text-navy-900">
        Work on it
      </h2>
      <div className="mt-3 space-y-4">
        {isClosed ? null : (
          <div>
            <label htmlFor="privacy-request-status" className={labelClass}>
              Status
            </label>
            <select
              id="privacy-request-status"
              value={status}
              aria-disabled={isBusy || undefined}
              onChange={(event) =>
                void save({ status: event.target.value as "new" | "in-progress" })
              }
              className={controlClass}
            >
              <option value="new">{privacyStatusLabel("new")}</option>
              <option value="in-progress">{privacyStatusLabel("in-progress")}</option>
            </select>
          </div>
        )}
        <div>
          <label htmlFor="privacy-request-assignee" className={labelClass}>
            Assigned to
          </label>
          <select
            id="privacy-request-assignee"
            value={assignedTo ?? ""}
            aria-disabled={isBusy || undefined}
            onChange={(event) => void save({ assignedTo: event.target.value || null })}
            className={controlClass}
          >
            <option value="">Nobody</option>
            {(staff ?? []).map((member) => (
              <option key={member._id} value={member._id}>
                {member.name}
              </option>
            ))}
            {assignedTo && staff && !staff.some((member) => member._id === assignedTo) ? (
              <option value={assignedTo}>A former staff member</option>
            ) : null}
          </select>
        </div>
        {message ? (
          <p role="alert" className="font-medium text-red-800">
            {message}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function AnswerForm({
  id,
  onAnswered,
}: {
  id: string;
  onAnswered: (page: PrivacyRequestAnswer) => void;
}) {
  const { call } = useAuth();
  const [answer, setAnswer] = useState("");
  const [status, setStatus] = useState<(typeof PRIVACY_ANSWER_STATUSES)[number]>("answered");
  const [isBusy, setIsBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    if (answer.trim() === "") {
      setMessage("Write the answer to send");
      document.getElementById("privacy-answer-text")?.focus();
      return;
    }
    setIsBusy(true);
    setMessage(null);
    const result = await call(API_ENDPOINTS.privacyRequests.answer, {
      params: { id },
      body: { status, answer },
    });
    setIsBusy(false);
    if (result.ok) onAnswered(result.data);
    else setMessage(errorText(result, silentFailureText(result)));
  };
  return (
    <section aria-labelledby="privacy-answer-heading" className={panelClass}>
      <h2 id="privacy-answer-heading" className="text-lg font-bold text-navy-900">
        Answer the request
      </h2>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="mt-3 space-y-4">
        <fieldset>
          <legend className={labelClass}>Outcome</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            {PRIVACY_ANSWER_STATUSES.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="privacy-answer-status"
                  value={value}
                  checked={status === value}
                  onChange={() => setStatus(value)}
                  className="size-5"
                />
                {privacyStatusLabel(value)}
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="privacy-answer-text" className={labelClass}>
            Answer (emailed to the person)
          </label>
          <textarea
            id="privacy-answer-text"
            rows={8}
            value={answer}
            maxLength={PRIVACY_REQUEST_LIMITS.answerMaxLength}
            onChange={(event) => setAnswer(event.target.value)}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "privacy-answer-error" : undefined}
            className={`${controlClass} resize-y`}
          />
          {message ? (
            <p id="privacy-answer-error" role="alert" className="mt-1 font-medium text-red-800">
              {message}
            </p>
          ) : null}
        </div>
        <button type="submit" aria-disabled={isBusy || undefined} className={buttonClass}>
          {isBusy ? "Sending…" : "Send answer"}
        </button>
      </form>
    </section>
  );
}

function describe(event: PrivacyRequestEvent): string {
  const base = ACTIONS[event.action] ?? event.action;
  const status = event.details.status as { to?: string } | undefined;
  if (status?.to) return `${base}: status ${privacyStatusLabel(status.to)}`;
  if (event.action === "privacy_request.verified" && typeof event.details.dueOn === "string") {
    return `${base}; due ${event.details.dueOn}`;
  }
  if ("assignedTo" in event.details) return `${base}: assignee`;
  return base;
}

function Timeline({ events }: { events: PrivacyRequestEvent[] }) {
  return (
    <section aria-labelledby="privacy-timeline-heading" className={panelClass}>
      <h2 id="privacy-timeline-heading" className="text-lg font-bold text-navy-900">
        History
      </h2>
      <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
        {events.map((event) => (
          <li key={`${event.at}-${event.action}`}>
            <p className="font-medium text-navy-900">{describe(event)}</p>
            <p className="text-sm text-slate-600">
              {formatDateTime(event.at)}
              {event.by ? ` · ${event.by}` : ""}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
