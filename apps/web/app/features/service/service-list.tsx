import { API_ENDPOINTS, SERVICE_STATUSES, type ServiceRecord } from "@agency/domain";
import { Link, useLocation } from "react-router";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { leadPath, personPath } from "../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { useAssignableStaff } from "../../lib/use-staff";
import {
  ArchiveButton,
  type LeadPageState,
  type ListKind,
  ListScreen,
  pageOf,
  type RowsContext,
  StatusControl,
} from "../lead";
import { DueBy, policyText, serviceKindLabel } from "./service-text";

const SORT_FIELDS = [
  { value: "date", label: "Date" },
  { value: "due", label: "Due by" },
  { value: "name", label: "Name" },
  { value: "kind", label: "Kind" },
  { value: "nextTask", label: "Next task" },
] as const;

const linkClass =
  "font-semibold wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800";

/** Service requests (issue 29 §2): paged, searched, sorted and filtered as the lead lists are. */
export const SERVICE_LIST: ListKind<ServiceRecord> = {
  view: "service",
  load: async (call, query, signal) =>
    pageOf(await call(API_ENDPOINTS.service.list, { query, signal }), (answer) => answer.data),
  initial: { q: "", sort: "date:desc", status: "" },
  sort: { kind: "field-and-direction", fields: SORT_FIELDS },
  statuses: SERVICE_STATUSES,
  title: "Service Requests",
  countNoun: "requests",
  label: "Service requests",
  searchLabel: "Search requests",
  errorTitle: "The service requests could not be loaded",
  errorMessage: (failure, reason) =>
    failure ? errorText(failure, silentFailureText(failure)) : reason,
  itemName: (request) => `Request ${request.reference}`,
  empty: {
    title: "No service requests",
    hint: "Requests clients send from the Client Center will appear here.",
    noMatch: "No request matches this search or these filters.",
  },
};

/** The list of service requests: the lead list's screen with a service request's columns. */
export function ServiceView() {
  return <ListScreen kind={SERVICE_LIST} rows={(rows) => <ServiceRows rows={rows} />} />;
}

/** Who works a request, by name ("You" for the reader). */
export function useAssigneeName() {
  const { user } = useAuth();
  const staff = useAssignableStaff();
  return (id: string | null) => {
    if (id === null) return "Unassigned";
    if (id === user?._id) return "You";
    return (
      staff?.find((member) => member._id === id)?.name ?? (staff ? "A former staff member" : "…")
    );
  };
}

const HEADINGS = [
  "Reference",
  "Kind",
  "Person",
  "Policy",
  "Status",
  "Assigned to",
  "Due by",
  "Actions",
] as const;

/** What a row or card shows of one request, drawn the same way in both. */
function useRowParts(rows: RowsContext<ServiceRecord>) {
  const { search } = useLocation();
  const assigneeName = useAssigneeName();
  const state: LeadPageState = { listSearch: search };
  const { isBusy, isArchivedView } = rows;
  const ownerOf = (request: ServiceRecord) => `request ${request.reference}`;
  return {
    assigneeName,
    isBusy,
    reference: (request: ServiceRecord) => (
      <Link
        to={leadPath("service", request._id)}
        state={state}
        className={cn(linkClass, "whitespace-nowrap")}
      >
        {request.reference}
      </Link>
    ),
    person: (request: ServiceRecord) =>
      request.personId ? (
        <Link to={personPath(request.personId)} className={linkClass}>
          {request.name}
          <span className="sr-only"> (their details and every lead)</span>
        </Link>
      ) : (
        <span className="wrap-anywhere">{request.name}</span>
      ),
    status: (request: ServiceRecord, compact: boolean) => (
      <StatusControl
        compact={compact}
        statuses={SERVICE_STATUSES}
        status={request.status}
        statusChangedAt={request.statusChangedAt}
        view="service"
        id={request._id}
        owner={ownerOf(request)}
        onChanged={(change) => rows.patch(request._id, change)}
      />
    ),
    archive: (request: ServiceRecord) => (
      <ArchiveButton
        isBusy={isBusy(request._id)}
        isArchived={isArchivedView}
        onArchive={() => rows.archive(request)}
        onRestore={() => rows.restore(request)}
      >
        {" "}
        {ownerOf(request)}
      </ArchiveButton>
    ),
  };
}

/** A table from 768 px; cards on a phone, where eight columns cannot fit. */
function ServiceRows({ rows }: { rows: RowsContext<ServiceRecord> }) {
  const isWide = useMediaQuery("(min-width: 768px)");
  return isWide ? <ServiceTable rows={rows} /> : <ServiceCards rows={rows} />;
}

function ServiceCards({ rows }: { rows: RowsContext<ServiceRecord> }) {
  const parts = useRowParts(rows);
  return (
    <ul aria-label="Service requests" aria-busy={rows.isLoading} className="grid gap-4">
      {rows.items.map((request) => (
        <li
          key={request._id}
          aria-busy={parts.isBusy(request._id)}
          className={cn(
            "flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200",
            parts.isBusy(request._id) && "opacity-60",
          )}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-bold text-navy-900">{parts.reference(request)}</h3>
              <p className="text-sm text-slate-700">
                {serviceKindLabel(request.kind)} ·{" "}
                <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
              </p>
            </div>
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">Person</dt>
            <dd className="min-w-0">{parts.person(request)}</dd>
            <dt className="font-semibold text-slate-700">Policy</dt>
            <dd className="min-w-0 wrap-anywhere">{policyText(request) || "—"}</dd>
            <dt className="font-semibold text-slate-700">Assigned to</dt>
            <dd>{parts.assigneeName(request.assignedTo)}</dd>
            <dt className="font-semibold text-slate-700">Due by</dt>
            <dd>
              <DueBy dueOn={request.dueOn} status={request.status} />
            </dd>
          </dl>
          <div className="flex flex-wrap items-end justify-between gap-3">
            {parts.status(request, false)}
            {parts.archive(request)}
          </div>
        </li>
      ))}
    </ul>
  );
}

function ServiceTable({ rows }: { rows: RowsContext<ServiceRecord> }) {
  const parts = useRowParts(rows);
  const { isBusy } = rows;
  return (
    <section
      aria-label="Service requests table"
      // A wide table scrolls sideways on small screens; the region is focusable so
      // keyboard users can scroll it too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="w-full min-w-[52rem] text-left text-sm" aria-busy={rows.isLoading}>
        <caption className="sr-only">Service requests</caption>
        <thead className="bg-slate-100 text-navy-900">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.items.map((request) => (
            <tr
              key={request._id}
              aria-busy={isBusy(request._id)}
              className={cn(
                "border-t border-slate-200 align-top",
                isBusy(request._id) && "opacity-60",
              )}
            >
              <th scope="row" className="px-3 py-3 font-normal">
                {parts.reference(request)}
                <time dateTime={request.createdAt} className="block text-slate-700">
                  {formatDateTime(request.createdAt)}
                </time>
              </th>
              <td className="px-3 py-3">{serviceKindLabel(request.kind)}</td>
              <td className="min-w-36 px-3 py-3">{parts.person(request)}</td>
              <td className="px-3 py-3 wrap-anywhere">{policyText(request) || "—"}</td>
              <td className="px-3 py-3">{parts.status(request, true)}</td>
              <td className="px-3 py-3">{parts.assigneeName(request.assignedTo)}</td>
              <td className="px-3 py-3">
                <DueBy dueOn={request.dueOn} status={request.status} />
              </td>
              <td className="px-3 py-3">{parts.archive(request)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
