import type { Timeline, TimelineItem } from "@agency/domain";
import { API_ENDPOINTS, lostReasonText } from "@agency/domain";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  CalendarIcon,
  CloseIcon,
  DocumentIcon,
  HeadsetIcon,
  InboxIcon,
} from "../../components/icons/index";
import { Modal } from "../../components/modal";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { leadPath, TIMELINE_VIEW } from "../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { TaskList } from "../task";
import { EmailList } from "./email-panel";
import { StatusPill } from "./status-control";
import { formatFollowUp, NoteList } from "./work-panel";

const LOOK = {
  quote: { Icon: DocumentIcon, label: "Quote" },
  contact: { Icon: InboxIcon, label: "Message" },
  appointment: { Icon: CalendarIcon, label: "Appointment" },
  service: { Icon: HeadsetIcon, label: "Service request" },
} as const;

type State =
  | { phase: "loading" }
  | { phase: "ready"; timeline: Timeline }
  | { phase: "error"; message: string };

const emailLinkClass = "font-semibold text-brand-700 underline underline-offset-2";

/**
 * Everything one email address sent (quotes, messages, bookings), newest first, with the
 * notes, calls and emails on each; each item links to its lead's page, except `currentId`
 * (the page it is shown on). A new `version` (the page's lead changed: its status, say)
 * reads it again, showing the old list meanwhile. "Email this prospect" opens the lead
 * page's compose form (`onEmail`), or from a list, the newest lead's page, where it is
 * (decision 0068): the app sends and logs the email, no mail program is opened.
 */
export function TimelineList({
  email,
  currentId,
  version,
  onEmail,
}: {
  email: string;
  currentId?: string;
  version?: string;
  onEmail?: () => void;
}) {
  const { call } = useAuth();
  const [state, setState] = useState<State>({ phase: "loading" });
  const shownEmail = useRef(email);

  useEffect(() => {
    const controller = new AbortController();
    void version;
    // Another person starts from "Loading…"; the same one keeps its list until the answer.
    const isSamePerson = shownEmail.current === email;
    shownEmail.current = email;
    setState((current) =>
      current.phase === "ready" && isSamePerson ? current : { phase: "loading" },
    );
    call(API_ENDPOINTS.dashboard.timeline, { query: { email }, signal: controller.signal })
      .then((result) => {
        if (result.ok) setState({ phase: "ready", timeline: result.data });
        else setState({ phase: "error", message: errorText(result, silentFailureText(result)) });
      })
      .catch(() => {
        // Closed before the answer came.
      });
    return () => controller.abort();
  }, [call, email, version]);

  return (
    <div aria-live="polite">
      {state.phase === "loading" ? (
        <p role="status">Loading…</p>
      ) : state.phase === "error" ? (
        <p role="alert" className="text-red-900">
          The timeline could not be loaded: {state.message}
        </p>
      ) : state.timeline.items.length === 0 ? (
        <p>Nothing from this address is stored.</p>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-700">
            {state.timeline.items.length} item{state.timeline.items.length === 1 ? "" : "s"}, newest
            first.{" "}
            {onEmail ? (
              <button
                type="button"
                onClick={onEmail}
                className={`${emailLinkClass} cursor-pointer`}
              >
                Email this prospect
              </button>
            ) : state.timeline.items[0] ? (
              <Link
                to={leadPath(
                  TIMELINE_VIEW[state.timeline.items[0].type],
                  state.timeline.items[0]._id,
                )}
                className={emailLinkClass}
              >
                Email this prospect
                <span className="sr-only"> (from the newest lead's page)</span>
              </Link>
            ) : null}
          </p>
          <TimelineItems items={state.timeline.items} currentId={currentId} />
        </>
      )}
    </div>
  );
}

/**
 * A person's leads, newest first, each with its status, who works it, its follow-up, why it
 * was lost, its notes and calls and its emails; each links to its lead's page, except `currentId` (the
 * page it is shown on).
 */
export function TimelineItems({
  items,
  currentId,
}: {
  items: readonly TimelineItem[];
  currentId?: string | undefined;
}) {
  return (
    <ol className="relative ml-3 space-y-4 border-l-2 border-slate-200 pl-5">
      {items.map((item) => {
        const look = LOOK[item.type];
        const isCurrent = item._id === currentId;
        return (
          <li key={`${item.type}-${item._id}`} className="relative">
            <span className="absolute top-0 -left-[2.05rem] rounded-full bg-white p-1 text-brand-700 ring-2 ring-slate-200">
              <look.Icon className="size-4" />
            </span>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {isCurrent ? (
                <span className="font-semibold text-navy-900">
                  {look.label} <span className="font-normal text-slate-600">(this one)</span>
                </span>
              ) : (
                <Link
                  to={leadPath(TIMELINE_VIEW[item.type], item._id)}
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {look.label}
                  <span className="sr-only"> of {formatDateTime(item.createdAt)}</span>
                </Link>
              )}
              <StatusPill status={item.status} />
              <time dateTime={item.createdAt} className="text-slate-600">
                {formatDateTime(item.createdAt)}
              </time>
            </p>
            <p className="mt-1 text-sm wrap-anywhere text-slate-800">{item.summary}</p>
            {item.assignee || item.followUpOn || item.lostReason ? (
              <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700">
                {item.assignee ? <span>Assigned to {item.assignee}</span> : null}
                {item.followUpOn ? <span>Follow up {formatFollowUp(item.followUpOn)}</span> : null}
                {item.lostReason ? (
                  <span className="wrap-anywhere">
                    Lost: {lostReasonText(item.lostReason, item.lostDetail)}
                  </span>
                ) : null}
              </p>
            ) : null}
            {item.notes.length > 0 ? (
              <div className="mt-2">
                <NoteList
                  notes={item.notes}
                  label={`Notes and calls on this ${look.label.toLowerCase()}`}
                />
              </div>
            ) : null}
            {item.emails.length > 0 ? (
              <div className="mt-2">
                <EmailList
                  emails={item.emails}
                  label={`Emails about this ${look.label.toLowerCase()}`}
                />
              </div>
            ) : null}
            {item.tasks.length > 0 ? (
              <div className="mt-2">
                <TaskList tasks={item.tasks} label={`Tasks on this ${look.label.toLowerCase()}`} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}

/** The timeline in a dialog, opened from a customer's email in any list. */
export function ProspectTimeline({ email, onClose }: { email: string; onClose: () => void }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal labelledBy={titleId} onClose={onClose} initialFocusRef={closeRef} size="lg">
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-5">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-navy-900">
            Prospect timeline
          </h2>
          <p className="text-sm break-all text-slate-700">{email}</p>
        </div>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          className="flex min-h-11 shrink-0 cursor-pointer items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          <CloseIcon className="size-4" />
          Close
        </button>
      </div>
      <div className="p-5">
        <TimelineList email={email} />
      </div>
    </Modal>
  );
}
