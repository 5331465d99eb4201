import { API_ENDPOINTS, type LeadStatus, type NotificationItemType } from "@agency/domain";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { ArrowLeftIcon } from "../../../components/icons/index";
import { useAuth } from "../../../lib/auth";
import { LEAD_VIEWS, type LeadView, personPath, viewInfo } from "../../../lib/dashboard-views";
import { formatDateTime } from "../../../lib/format";
import { announceNotificationRead } from "../../../lib/notification-events";
import { SourceNote } from "../../lead-entry";
import { DoNotContactBadge } from "../../stop-link";
import type { EmailOpening } from "../email-panel";
import type { LeadRecordOf } from "../lead-routes";
import { secondaryButtonClass } from "../list-controls";
import { EmptyState, ErrorPanel, LoadingState } from "../list-states";
import type { LeadPageState } from "../open-lead-link";
import { TimelineList } from "../prospect-timeline";
import { StatusControl } from "../status-control";
import { LeadWorkArea } from "./lead-work-area";
import { useLead } from "./use-lead";

interface LeadPageProps<V extends LeadView, T = LeadRecordOf<V>> {
  view: V;
  id: string;
  statuses: readonly LeadStatus[];
  /** The person's name: the page's heading. */
  nameOf: (lead: T) => string;
  emailOf: (lead: T) => string;
  /** What an email from the app starts from: the first name and the prefilled subject. */
  emailOpeningOf: (lead: T) => EmailOpening;
  /** A line under the name (the vehicle, the subject, the service). */
  summaryOf: (lead: T) => ReactNode;
  /** Buttons beside the details' heading (a quote's Reveal). */
  actions?: (lead: T) => ReactNode;
  /** The lead's own fields, as the list's opened item shows them; `patch` applies an edit. */
  children: (lead: T, patch: (change: Partial<T>) => void) => ReactNode;
}

const NOTIFICATION_TYPE: Record<LeadView, NotificationItemType> = {
  quotes: "quote",
  contacts: "contact",
  appointments: "appointment",
};

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";

/**
 * One lead's page (`/dashboard/<view>/:id`): who and what, its status, the work area
 * (LeadWorkArea: the panels that act on it) and everything else the person sent. An
 * unknown id says so inside the dashboard.
 */
export function LeadPage<V extends LeadView>({
  view,
  id,
  statuses,
  nameOf,
  emailOf,
  emailOpeningOf,
  summaryOf,
  actions,
  children,
}: LeadPageProps<V>) {
  type T = LeadRecordOf<V>;
  const { state, reload, patch } = useLead(view, id);
  const { call } = useAuth();
  const isLoaded =
    state.phase !== "loading" && state.phase !== "missing" && state.phase !== "error";
  // Opening a lead marks it read for this user: it leaves their bell (decision 0028).
  useEffect(() => {
    if (!isLoaded) return;
    void call(API_ENDPOINTS.dashboard.notificationRead, {
      body: { type: NOTIFICATION_TYPE[view], id },
    }).then((result) => {
      if (result.ok) announceNotificationRead();
    });
  }, [isLoaded, call, view, id]);
  const location = useLocation();
  const nameId = useId();
  const detailsId = useId();
  const timelineId = useId();
  const [emailRequest, setEmailRequest] = useState(0);
  const [emailsSent, setEmailsSent] = useState(0);
  const kind = LEAD_VIEWS[view];
  const list = viewInfo(view);
  // Back to the list as the person left it, when they came from it.
  const listSearch = (location.state as LeadPageState | null)?.listSearch ?? "";
  const backLink = (
    <Link to={`${list.path}${listSearch}`} className={secondaryButtonClass}>
      <ArrowLeftIcon className="size-4" />
      All {list.label.toLowerCase()}
    </Link>
  );

  if (state.phase === "loading") {
    return <LoadingState label={`Loading the ${kind.noun}…`} />;
  }
  if (state.phase === "missing") {
    return (
      <EmptyState title={`${kind.title} not found`}>
        <p>
          No {kind.noun} has this address. It may have been deleted, or the link may be incomplete.
        </p>
        <div className="mt-4">{backLink}</div>
      </EmptyState>
    );
  }
  if (state.phase === "error") {
    return (
      <ErrorPanel
        title={`The ${kind.noun} could not be loaded`}
        message={state.message}
        onRetry={reload}
      />
    );
  }

  const lead = state.lead;
  const name = nameOf(lead);
  const email = emailOf(lead);
  // The person behind the lead (issue 27 §1); null until it is grouped into one.
  const personId = lead.personId;
  return (
    <article aria-labelledby={nameId} className="space-y-4">
      <div>{backLink}</div>
      <header className={`${cardClass} flex flex-wrap items-end justify-between gap-4`}>
        <div className="min-w-0">
          <h2 id={nameId} className="text-xl font-bold wrap-anywhere text-navy-900">
            {name}
          </h2>
          <p className="text-sm wrap-anywhere text-slate-700">{summaryOf(lead)}</p>
          {personId ? <DoNotContactBadge kind="person" id={personId} /> : null}
          {personId ? (
            <p className="text-sm text-slate-700">
              Person:{" "}
              <Link
                to={personPath(personId)}
                className="inline-flex min-h-6 items-center font-semibold wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {name}
                <span className="sr-only"> (their details and every lead)</span>
              </Link>
            </p>
          ) : null}
          <p className="text-sm text-slate-700">
            Received{" "}
            <time dateTime={lead.createdAt} className="font-semibold text-slate-900">
              {formatDateTime(lead.createdAt)}
            </time>{" "}
            <SourceNote source={lead.source} firstTouch={lead.firstTouch} />
          </p>
        </div>
        <StatusControl
          statuses={statuses}
          status={lead.status}
          statusChangedAt={lead.statusChangedAt}
          view={view}
          id={lead._id}
          owner={`${name}'s ${kind.noun}`}
          lostReason={lead.lostReason}
          lostDetail={lead.lostDetail}
          onChanged={(change) => patch(change as Partial<T>)}
        />
      </header>
      <div className="grid items-start gap-4 xl:grid-cols-5">
        <section aria-labelledby={detailsId} className={`${cardClass} xl:col-span-3`}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h3 id={detailsId} className="text-lg font-bold text-navy-900">
              Details
            </h3>
            {actions ? <div className="flex flex-wrap gap-2">{actions(lead)}</div> : null}
          </div>
          {children(lead, patch)}
        </section>
        <div className="min-w-0 space-y-4 xl:col-span-2">
          <LeadWorkArea
            lead={{
              view,
              id: lead._id,
              name,
              email,
              status: lead.status,
              emailOpening: emailOpeningOf(lead),
            }}
            work={{ assignedTo: lead.assignedTo, followUpOn: lead.followUpOn }}
            onWorkChanged={(change) => patch(change as Partial<T>)}
            reload={reload}
            emailRequest={emailRequest}
            onEmailed={() => setEmailsSent((n) => n + 1)}
          />
          <section aria-labelledby={timelineId} className={cardClass}>
            <h3 id={timelineId} className="text-lg font-bold text-navy-900">
              Prospect timeline
            </h3>
            {email ? (
              <>
                <p className="mb-3 text-sm break-all text-slate-700">{email}</p>
                <TimelineList
                  email={email}
                  currentId={lead._id}
                  onEmail={() => setEmailRequest((n) => n + 1)}
                  // A status, assignment, follow-up or email made here shows on the timeline too.
                  version={[
                    lead.status,
                    lead.statusChangedAt,
                    lead.lostReason,
                    lead.assignedTo,
                    lead.followUpOn,
                    emailsSent,
                  ].join("|")}
                />
              </>
            ) : (
              <p className="text-sm text-slate-700">
                No email on file. The timeline gathers a person's leads by email; this lead has only
                a phone. Add an email with Edit contact details to see it here.
              </p>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}
