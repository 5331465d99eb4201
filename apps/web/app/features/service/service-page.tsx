import {
  API_ENDPOINTS,
  ATTACHMENT_TYPES,
  can,
  type EmailTemplate,
  fillTemplate,
  SERVICE_STATUSES,
  type ServiceAttachment,
  type ServiceRecord,
  type StaffEmail,
  serviceEmailSubject,
  userDisplayName,
} from "@agency/domain";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { ArrowLeftIcon, DownloadIcon } from "../../components/icons/index";
import { PhoneLink } from "../../components/phone-link";
import { routeUrl } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { personPath, viewInfo } from "../../lib/dashboard-views";
import { formatDateTime, formatFileSize } from "../../lib/format";
import {
  type EmailDraftRequest,
  EmailPanel,
  EmptyState,
  ErrorPanel,
  type LeadPageState,
  LoadingState,
  StatusControl,
  TimelineList,
  useLead,
  WorkPanel,
} from "../lead";
import { DueBy, serviceDetail, serviceKindLabel } from "./service-text";

/** The saved email template a request's done note starts from (Settings → Email templates). */
export const DONE_NOTE_TEMPLATE = "Request done";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";
const linkClass =
  "inline-flex min-h-6 items-center font-semibold wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800";

function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * One service request's page (`/dashboard/service/:id`, issue 29 §2): its reference, who
 * sent it and about which policy, the kind's own fields and its files, worked as a lead is
 * (status, assignment, notes, tasks, emails) with the sender's timeline. When it is Done,
 * the page offers the done note once (decision 0079).
 */
export function ServiceRequestPage({ id }: { id: string }) {
  const { state, reload, patch } = useLead("service", id);
  const location = useLocation();
  const referenceId = useId();
  const detailsId = useId();
  const filesId = useId();
  const timelineId = useId();
  const [emailsSent, setEmailsSent] = useState(0);
  const [emails, setEmails] = useState<readonly StaffEmail[] | null>(null);
  const [draft, setDraft] = useState<EmailDraftRequest>({ request: 0, subject: "", body: "" });
  const list = viewInfo("service");
  // Back to the list as the person left it, when they came from it.
  const listSearch = (location.state as LeadPageState | null)?.listSearch ?? "";
  const backLink = (
    <Link to={`${list.path}${listSearch}`} className={secondaryButtonClass}>
      <ArrowLeftIcon className="size-4" />
      All service requests
    </Link>
  );

  if (state.phase === "loading") return <LoadingState label="Loading the request…" />;
  if (state.phase === "missing") {
    return (
      <EmptyState title="Service request not found">
        <p>No request has this address. It may have been deleted, or the link may be incomplete.</p>
        <div className="mt-4">{backLink}</div>
      </EmptyState>
    );
  }
  if (state.phase === "error") {
    return (
      <ErrorPanel
        title="The request could not be loaded"
        message={state.message}
        onRetry={reload}
      />
    );
  }

  const request = state.lead;
  const owner = `request ${request.reference}`;
  const opening = {
    firstName: firstNameOf(request.name),
    subject: serviceEmailSubject(request.reference),
    reference: request.reference,
  };
  return (
    <article aria-labelledby={referenceId} className="space-y-4">
      <div>{backLink}</div>
      <header className={`${cardClass} flex flex-wrap items-end justify-between gap-4`}>
        <div className="min-w-0 space-y-1">
          <h2
            id={referenceId}
            tabIndex={-1}
            className="text-xl font-bold wrap-anywhere text-navy-900 focus:outline-none"
          >
            {request.reference}
          </h2>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{serviceKindLabel(request.kind)}</span>{" "}
            from {request.name}
          </p>
          <p className="text-sm text-slate-700">
            Received{" "}
            <time dateTime={request.createdAt} className="font-semibold text-slate-900">
              {formatDateTime(request.createdAt)}
            </time>
          </p>
          <p className="text-sm text-slate-700">
            Due by{" "}
            <span className="font-semibold text-slate-900">
              <DueBy dueOn={request.dueOn} status={request.status} />
            </span>
          </p>
        </div>
        <StatusControl
          statuses={SERVICE_STATUSES}
          status={request.status}
          statusChangedAt={request.statusChangedAt}
          view="service"
          id={request._id}
          owner={owner}
          onChanged={(change) => patch(change)}
        />
      </header>
      <div className="grid items-start gap-4 xl:grid-cols-5">
        <div className="min-w-0 space-y-4 xl:col-span-3">
          <section aria-labelledby={detailsId} className={cardClass}>
            <h3 id={detailsId} className="mb-4 text-lg font-bold text-navy-900">
              Details
            </h3>
            <RequestDetails request={request} />
          </section>
          <section aria-labelledby={filesId} className={cardClass}>
            <h3 id={filesId} className="mb-3 text-lg font-bold text-navy-900">
              Files
            </h3>
            <AttachmentList request={request} />
          </section>
        </div>
        <div className="min-w-0 space-y-4 xl:col-span-2">
          <WorkPanel
            kind="service"
            lead={request}
            owner={owner}
            onChanged={(change) => patch(change)}
          />
          <DoneNote
            request={request}
            emails={emails}
            onWrite={(subject, body) =>
              setDraft((current) => ({ request: current.request + 1, subject, body }))
            }
          />
          <EmailPanel
            view="service"
            id={request._id}
            email={request.email}
            opening={opening}
            owner={owner}
            draftRequest={draft}
            onEmailsRead={setEmails}
            onEmailsChanged={() => setEmailsSent((n) => n + 1)}
            addEmailHint="call the client"
          />
          <section aria-labelledby={timelineId} className={cardClass}>
            <h3 id={timelineId} className="text-lg font-bold text-navy-900">
              Prospect timeline
            </h3>
            {request.email ? (
              <>
                <p className="mb-3 text-sm break-all text-slate-700">{request.email}</p>
                <TimelineList
                  email={request.email}
                  version={[request.status, request.assignedTo, emailsSent].join("|")}
                />
              </>
            ) : (
              <p className="text-sm text-slate-700">No email on file.</p>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-slate-700">{term}</dt>
      <dd className="text-slate-900 wrap-anywhere whitespace-pre-line">{children}</dd>
    </div>
  );
}

/** Who, which policy, and the kind's own fields by their labels (SERVICE_DETAIL_LABELS). */
function RequestDetails({ request }: { request: ServiceRecord }) {
  const details = Object.entries(request.details).filter(([, value]) => value.trim() !== "");
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      <Detail term="Kind">{serviceKindLabel(request.kind)}</Detail>
      <Detail term="Name">
        {request.personId ? (
          <Link to={personPath(request.personId)} className={linkClass}>
            {request.name}
            <span className="sr-only"> (their details and every lead)</span>
          </Link>
        ) : (
          request.name
        )}
      </Detail>
      <Detail term="Email">
        {request.email ? (
          <a href={`mailto:${request.email}`} className={linkClass}>
            {request.email}
          </a>
        ) : (
          <span className="text-slate-600">No email</span>
        )}
      </Detail>
      <Detail term="Phone">
        {request.phone ? (
          <PhoneLink phone={request.phone} className="font-semibold text-brand-700 underline" />
        ) : (
          <span className="text-slate-600">No phone</span>
        )}
      </Detail>
      <Detail term="Carrier">
        {request.carrier || <span className="text-slate-600">Not given</span>}
      </Detail>
      <Detail term="Policy number">
        {request.policyNumber || <span className="text-slate-600">Not given</span>}
      </Detail>
      {details.map(([field, value]) => {
        const shown = serviceDetail(field, value);
        return (
          <Detail key={field} term={shown.label}>
            {shown.value}
          </Detail>
        );
      })}
    </dl>
  );
}

function typeLabel(type: string): string {
  return ATTACHMENT_TYPES.find((known) => known.type === type)?.label ?? type;
}

/**
 * The request's files as download links. The API takes the session's bearer token (kept in
 * memory, never a cookie), so a plain link cannot fetch them: a click fetches the file with
 * the token and hands it to the browser as a download (useAuth().download), which opens a
 * photo or PDF in the computer's viewer. The server sends them as attachments only (decision
 * 0077): a client's file is never shown inside the app's origin.
 */
function AttachmentList({ request }: { request: ServiceRecord }) {
  const { download } = useAuth();
  const { showToast } = useDashboard();
  const [busy, setBusy] = useState<string | null>(null);
  if (request.attachments.length === 0) {
    return <p className="text-sm text-slate-700">No files were sent with this request.</p>;
  }

  async function save(file: ServiceAttachment) {
    if (busy) return;
    setBusy(file._id);
    const ok = await download(API_ENDPOINTS.service.attachment, {
      params: { id: request._id, attachmentId: file._id },
    });
    setBusy(null);
    if (!ok) showToast(`${file.name} could not be downloaded. Please try again.`, "error");
  }

  return (
    <ul aria-label={`Files of ${request.reference}`} className="space-y-2">
      {request.attachments.map((file) => (
        <li
          key={file._id}
          className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm ring-1 ring-slate-200"
        >
          <a
            href={routeUrl(API_ENDPOINTS.service.attachment, {
              params: { id: request._id, attachmentId: file._id },
            })}
            download={file.name}
            aria-busy={busy === file._id}
            onClick={(event) => {
              event.preventDefault();
              void save(file);
            }}
            className={`${linkClass} gap-2`}
          >
            <DownloadIcon className="size-4 shrink-0" />
            {file.name}
            <span className="sr-only">
              {" "}
              (download, {typeLabel(file.type)}, {formatFileSize(file.size)})
            </span>
          </a>
          <span aria-hidden="true" className="text-slate-700">
            {typeLabel(file.type)} · {formatFileSize(file.size)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Send done note": once a request is Done, the email form opens with the saved template
 * named DONE_NOTE_TEMPLATE (or a plain note with the request's subject). It is offered
 * until an email has gone out since the request was marked Done, so the client never gets
 * it twice (and the form's Idempotency-Key keeps a double click to one email).
 */
function DoneNote({
  request,
  emails,
  onWrite,
}: {
  request: ServiceRecord;
  emails: readonly StaffEmail[] | null;
  onWrite: (subject: string, body: string) => void;
}) {
  const { call, user } = useAuth();
  const headingId = useId();
  const isDone = request.status === "done";
  const [template, setTemplate] = useState<EmailTemplate | null | undefined>(undefined);

  useEffect(() => {
    if (!isDone || template !== undefined) return;
    const controller = new AbortController();
    call(API_ENDPOINTS.emailTemplates.list, { signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        const found = result.ok
          ? result.data.data.find(
              (t) => t.name.trim().toLowerCase() === DONE_NOTE_TEMPLATE.toLowerCase(),
            )
          : undefined;
        setTemplate(found ?? null);
      })
      .catch(() => {
        // Closed before the answer came.
      });
    return () => controller.abort();
  }, [call, isDone, template]);

  if (!isDone || !request.email || !can(user, "leads.work") || emails === null) return null;
  const wasSent = emails.some((email) => email.createdAt >= request.statusChangedAt);
  if (wasSent) return null;

  const write = () => {
    const firstName = firstNameOf(request.name);
    // `{{reference}}` too: the server fills it as well (decision 0078), the form shows it filled.
    const values = { firstName, agentName: userDisplayName(user), reference: request.reference };
    if (template) {
      const subject = fillTemplate(template.subject, values);
      // The client finds the request by its reference: the subject names it.
      onWrite(
        subject.includes(request.reference)
          ? subject
          : `${serviceEmailSubject(request.reference)}: ${subject}`,
        fillTemplate(template.body, values),
      );
    } else {
      onWrite(
        serviceEmailSubject(request.reference),
        `Hello ${firstName},\n\nYour request ${request.reference} is done.\n\n${values.agentName}`,
      );
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 md:p-5"
    >
      <h3 id={headingId} className="text-lg font-bold text-navy-900">
        Tell the client it is done
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-800">
        {template
          ? `Opens an email from the “${template.name}” template to check before it is sent.`
          : `No “${DONE_NOTE_TEMPLATE}” template is saved: opens a short note to check before it is sent.`}
      </p>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={template === undefined}
        onClick={write}
      >
        Send done note<span className="sr-only"> for {request.reference}</span>
      </button>
    </section>
  );
}
