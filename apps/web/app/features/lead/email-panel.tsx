import {
  API_ENDPOINTS,
  doNotContactLabel,
  type EmailTemplate,
  fillTemplate,
  STAFF_EMAIL_BODY_MAX_LENGTH,
  STAFF_EMAIL_STATE_LABELS,
  STAFF_EMAIL_SUBJECT_MAX_LENGTH,
  type StaffEmail,
  StaffEmailDraftSchema,
  type StaffEmailState,
  userDisplayName,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { InputField, TextAreaField } from "../../components/form-controls";
import { PanelSubmit } from "../../components/panel-submit";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";
import type { WorkView } from "../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { useFormSubmission } from "../../lib/use-form-submission";
import { useDoNotContact } from "../stop-link";
import type { LeadRoute } from "./lead-routes";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "./list-controls";

/**
 * What a new email to a lead starts from: the person's first name and the prefilled subject;
 * a service request's reference fills a template's `{{reference}}` (decision 0078).
 */
/** The record a composer's do-not-contact warning is read from (decision 0081). */
const STANDING_KIND = {
  quotes: "quote",
  contacts: "contact",
  appointments: "appointment",
  service: "service",
  people: "person",
} as const satisfies Record<WorkView | "people", string>;

export type EmailOpening = { firstName: string; subject: string; reference?: string };

/**
 * A ready draft the page hands the panel (a service request's done note): a new `request`
 * opens the form with this subject and text and puts the cursor in it.
 */
export type EmailDraftRequest = { request: number; subject: string; body: string };

/** How often the list is read again while an email is still queued, and for how long. */
const REFRESH_MS = 4000;
const MAX_REFRESHES = 30;

const STATE_LOOK: Record<StaffEmailState, string> = {
  queued: "bg-amber-100 text-amber-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  suppressed: "bg-slate-200 text-slate-900",
};

export function EmailStatePill({ state }: { state: StaffEmailState }) {
  return (
    <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", STATE_LOOK[state])}>
      {STAFF_EMAIL_STATE_LABELS[state]}
    </span>
  );
}

/**
 * Emails sent from the app, newest first: subject, state, who sent it and when, the text,
 * and for a failed one why, with Retry when `onRetry` is given.
 */
export function EmailList({
  emails,
  label,
  onRetry,
  retryingId = null,
}: {
  emails: readonly StaffEmail[];
  label: string;
  onRetry?: (email: StaffEmail) => void;
  /** The email whose Retry is on its way (its button waits). */
  retryingId?: string | null;
}) {
  return (
    <ol aria-label={label} className="space-y-2">
      {emails.map((email) => (
        <li key={email._id} className="rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-700">
            <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
              Email
            </span>
            <EmailStatePill state={email.state} />
            <span className="font-semibold text-navy-900">
              {email.sender?.name ?? "A former staff member"}
            </span>
            <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
          </p>
          <p className="mt-1 font-semibold wrap-anywhere text-navy-900">{email.subject}</p>
          <p className="mt-1 wrap-anywhere whitespace-pre-line text-slate-900">{email.body}</p>
          {email.state === "failed" ? (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <p className="text-red-800">
                Not delivered{email.error ? `: ${email.error}` : ""} ({email.attempts} attempt
                {email.attempts === 1 ? "" : "s"}).
              </p>
              {onRetry ? (
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={retryingId !== null}
                  aria-busy={retryingId === email._id}
                  onClick={() => onRetry(email)}
                >
                  {retryingId === email._id ? "Retrying…" : "Retry"}
                  <span className="sr-only"> the email “{email.subject}”</span>
                </button>
              ) : null}
            </div>
          ) : email.state === "queued" && email.error ? (
            <p className="mt-2 text-amber-900">Retrying: {email.error}.</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

type ListState =
  | { phase: "loading" }
  | { phase: "ready"; emails: StaffEmail[] }
  | { phase: "error"; message: string };

type DraftField = "subject" | "body";
const isDraftField = (field: string): field is DraftField =>
  field === "subject" || field === "body";

/**
 * Writing to the person behind a lead from the app (decision 0068): sent from the agency's
 * address with Reply-To the staff member, logged here with its delivery state. The compose
 * form keeps what was typed when sending fails, and sends each email once (one
 * Idempotency-Key per text, reused on a retry of the same text).
 */
export function EmailPanel({
  view,
  id,
  email,
  opening,
  owner,
  openRequest = 0,
  draftRequest,
  onEmailsChanged,
  onEmailsRead,
  addEmailHint = "add an email with Edit contact details",
}: {
  /** Whose email routes: a lead's kind, or "people" (a person's page, decision 0070). */
  view: WorkView | "people";
  id: string;
  /** The lead's address; "" when staff took it without one (decision 0063). */
  email: string;
  opening: EmailOpening;
  /** Whose lead ("Ann Tester's message"), for accessible names. */
  owner: string;
  /** A new value opens the compose form and puts the cursor in it (the timeline's link). */
  openRequest?: number;
  /** A new request opens the form with its draft (subject and text) in place. */
  draftRequest?: EmailDraftRequest;
  /** The emails as last read or changed here (the page decides what it still offers). */
  onEmailsRead?: (emails: readonly StaffEmail[]) => void;
  /**
   * An email was queued (sent or retried) or one's state changed: the page's timeline reads
   * them again, so the two never disagree for long.
   */
  onEmailsChanged?: () => void;
  /** How to add an address where there is none (the lead page's, unless told). */
  addEmailHint?: string;
}) {
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  // A person's email routes take the same shapes as a lead's; one kind's types stand for all.
  const endpoints = API_ENDPOINTS[view] as unknown as Pick<
    (typeof API_ENDPOINTS)["contacts"],
    "emails" | "sendEmail" | "retryEmail"
  >;
  const [list, setList] = useState<ListState>({ phase: "loading" });
  // Asked not to be contacted (decision 0081): staff may write only to answer their request.
  const revokedSince = useDoNotContact(STANDING_KIND[view], id);
  const [answersOwnRequest, setAnswersOwnRequest] = useState(false);
  const answersId = useId();
  const [version, setVersion] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  const [subject, setSubject] = useState(opening.subject);
  const [body, setBody] = useState("");
  const [templateId, setTemplateId] = useState("");
  const [templates, setTemplates] = useState<EmailTemplate[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [retryError, setRetryError] = useState<string | undefined>();
  const submission = useFormSubmission<DraftField>();
  const refreshes = useRef(0);
  const headingId = useId();
  const subjectId = useId();
  const bodyId = useId();
  const templateSelectId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const hasAddress = email.trim() !== "";
  const onChanged = useRef(onEmailsChanged);
  onChanged.current = onEmailsChanged;
  const onRead = useRef(onEmailsRead);
  onRead.current = onEmailsRead;
  /** The emails and states last read, to tell when a reading brings a change. */
  const lastRead = useRef<string | null>(null);

  // The lead's emails; read again (a few times) while one is still queued.
  useEffect(() => {
    const controller = new AbortController();
    void version;
    call<LeadRoute<"emails">>(endpoints.emails, {
      params: { id },
      signal: controller.signal,
    })
      .then((result) => {
        if (controller.signal.aborted) return;
        if (result.ok) {
          const read = result.data.data.map((e) => `${e._id}:${e.state}`).join();
          if (lastRead.current !== null && read !== lastRead.current) onChanged.current?.();
          lastRead.current = read;
        }
        setList(
          result.ok
            ? { phase: "ready", emails: result.data.data }
            : { phase: "error", message: errorText(result, silentFailureText(result)) },
        );
      })
      .catch(() => {
        // Closed before the answer came.
      });
    return () => controller.abort();
  }, [call, endpoints, id, version]);

  useEffect(() => {
    if (list.phase === "ready") onRead.current?.(list.emails);
  }, [list]);

  const hasQueued = list.phase === "ready" && list.emails.some((e) => e.state === "queued");
  useEffect(() => {
    // Each new answer schedules the next reading while something is still queued.
    void list;
    if (!hasQueued || refreshes.current >= MAX_REFRESHES) return;
    const timer = setTimeout(() => {
      refreshes.current += 1;
      setVersion((v) => v + 1);
    }, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [hasQueued, list]);

  // Templates, once the form opens.
  useEffect(() => {
    if (!isOpen || templates !== null) return;
    const controller = new AbortController();
    call(API_ENDPOINTS.emailTemplates.list, { signal: controller.signal })
      .then((result) => {
        if (!controller.signal.aborted) setTemplates(result.ok ? result.data.data : []);
      })
      .catch(() => {
        // Closed before the answer came.
      });
    return () => controller.abort();
  }, [call, isOpen, templates]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request opens the form
  useEffect(() => {
    if (openRequest === 0 || !hasAddress) return;
    setIsOpen(true);
    // After the form is shown.
    setTimeout(() => {
      formRef.current?.scrollIntoView({ block: "nearest" });
      document.getElementById(subjectId)?.focus();
    }, 0);
  }, [openRequest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new request fills the form
  useEffect(() => {
    if (!draftRequest || draftRequest.request === 0 || !hasAddress) return;
    setSubject(draftRequest.subject);
    setBody(draftRequest.body);
    setTemplateId("");
    setErrors({});
    setIsOpen(true);
    setTimeout(() => {
      formRef.current?.scrollIntoView({ block: "nearest" });
      document.getElementById(subjectId)?.focus();
    }, 0);
  }, [draftRequest?.request]);

  function applyTemplate(chosen: string) {
    setTemplateId(chosen);
    const template = templates?.find((t) => t._id === chosen);
    if (!template) return;
    const values = {
      firstName: opening.firstName,
      agentName: userDisplayName(user),
      ...(opening.reference ? { reference: opening.reference } : {}),
    };
    setSubject(fillTemplate(template.subject, values));
    setBody(fillTemplate(template.body, values));
    setErrors({});
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    const parsed = StaffEmailDraftSchema.safeParse({ subject, body });
    if (!parsed.success) {
      const next: Partial<Record<DraftField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        if (isDraftField(field) && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setIsBusy(true);
    setFormError(undefined);
    const draft = { ...parsed.data, ...(answersOwnRequest ? { answersOwnRequest: true } : {}) };
    const result = await submission.send(draft, (idempotencyKey) =>
      call<LeadRoute<"sendEmail">>(endpoints.sendEmail, {
        params: { id },
        body: draft,
        idempotencyKey,
      }),
    );
    setIsBusy(false);
    if (result.ok) {
      const sent = result.data.data;
      setList((current) =>
        current.phase === "ready"
          ? { phase: "ready", emails: [sent, ...current.emails.filter((e) => e._id !== sent._id)] }
          : current,
      );
      refreshes.current = 0;
      setSubject(opening.subject);
      setBody("");
      setTemplateId("");
      setIsOpen(false);
      showToast("Email queued: its state shows below.");
      onChanged.current?.();
      return;
    }
    const fields = submission.showServerMessages(result.errors, isDraftField);
    if (Object.keys(fields).length > 0) setErrors(fields);
    else setFormError(`The email was not sent: ${errorText(result, silentFailureText(result))}`);
  }

  async function retry(failed: StaffEmail) {
    if (retrying) return;
    setRetrying(failed._id);
    setRetryError(undefined);
    const result = await call<LeadRoute<"retryEmail">>(endpoints.retryEmail, {
      params: { id, emailId: failed._id },
    });
    setRetrying(null);
    if (result.ok) {
      const again = result.data.data;
      refreshes.current = 0;
      setList((current) =>
        current.phase === "ready"
          ? { phase: "ready", emails: current.emails.map((e) => (e._id === again._id ? again : e)) }
          : current,
      );
      showToast("Email queued again.");
      onChanged.current?.();
    } else {
      setRetryError(
        `The email was not queued again: ${errorText(result, silentFailureText(result))}`,
      );
      setVersion((v) => v + 1);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-navy-900">
          Emails
        </h3>
        {hasAddress ? (
          <button
            type="button"
            aria-expanded={isOpen}
            className={isOpen ? secondaryButtonClass : primaryButtonClass}
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? "Close" : "Write an email"}
            <span className="sr-only"> to {owner}</span>
          </button>
        ) : null}
      </div>
      {hasAddress ? null : (
        <p className="mb-3 text-sm text-slate-700">
          No email on file: call instead, or {addEmailHint}.
        </p>
      )}
      {isOpen && hasAddress ? (
        <form
          ref={formRef}
          className="mb-4 space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
          onSubmit={(event) => void send(event)}
          noValidate
          aria-label={`Email to ${owner}`}
        >
          <p className="text-sm text-slate-700">
            To <span className="font-semibold break-all text-slate-900">{email}</span>, from the
            agency's address; replies come to you
            {user?.email ? <> ({user.email})</> : null}.
          </p>
          {revokedSince ? (
            <div className="space-y-2 rounded-md border border-red-300 bg-red-50 p-3">
              <p className="text-sm font-semibold text-red-900">
                {doNotContactLabel(revokedSince)}
              </p>
              <label htmlFor={answersId} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  id={answersId}
                  type="checkbox"
                  checked={answersOwnRequest}
                  onChange={(event) => setAnswersOwnRequest(event.target.checked)}
                  className="size-5"
                />
                This answers their own request
              </label>
            </div>
          ) : null}
          {templates && templates.length > 0 ? (
            <div>
              <label
                htmlFor={templateSelectId}
                className="mb-1 block text-sm font-semibold text-navy-900"
              >
                Template <span className="font-normal text-slate-600">(optional)</span>
              </label>
              <select
                id={templateSelectId}
                value={templateId}
                onChange={(event) => applyTemplate(event.target.value)}
                className={cn(inputClass, "w-auto max-w-full min-w-52 cursor-pointer pr-8 text-sm")}
              >
                <option value="">No template</option>
                {templates.map((template) => (
                  <option key={template._id} value={template._id}>
                    {template.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <InputField
            id={subjectId}
            label="Subject"
            value={subject}
            maxLength={STAFF_EMAIL_SUBJECT_MAX_LENGTH}
            error={errors.subject}
            onValueChange={(value) => {
              setSubject(value);
              if (errors.subject) setErrors((e) => ({ ...e, subject: undefined }));
            }}
          />
          <TextAreaField
            id={bodyId}
            label="Message"
            rows={7}
            value={body}
            maxLength={STAFF_EMAIL_BODY_MAX_LENGTH}
            error={errors.body}
            onValueChange={(value) => {
              setBody(value);
              if (errors.body) setErrors((e) => ({ ...e, body: undefined }));
            }}
          />
          <PanelSubmit
            error={formError}
            isBusy={isBusy}
            label="Send email"
            busyLabel="Sending…"
            context={` to ${owner}`}
          />
        </form>
      ) : null}
      {retryError ? (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {retryError}
        </p>
      ) : null}
      <div aria-live="polite">
        {list.phase === "loading" ? (
          <p className="text-sm text-slate-700">Loading emails…</p>
        ) : list.phase === "error" ? (
          <p role="alert" className="text-sm text-red-800">
            The emails could not be loaded: {list.message}
          </p>
        ) : list.emails.length === 0 ? (
          <p className="text-sm text-slate-700">No emails sent from the app yet.</p>
        ) : (
          <EmailList
            emails={list.emails}
            label={`Emails to ${owner}`}
            onRetry={(failed) => void retry(failed)}
            retryingId={retrying}
          />
        )}
      </div>
    </section>
  );
}
