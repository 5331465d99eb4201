import {
  API_ENDPOINTS,
  APPOINTMENT_ADMIN_MESSAGES,
  APPOINTMENT_STATUSES,
  type AppointmentRecord,
  type AppointmentSortKey,
  displaySlot,
  type LeadSort,
} from "@agency/domain";
import { Fragment } from "react";
import { Link, useLocation } from "react-router";
import { CalendarIcon, ChevronDownIcon, TableIcon } from "../../components/icons/index";
import { PhoneLink } from "../../components/phone-link";
import { errorText } from "../../lib/api";
import { cn } from "../../lib/cn";
import { viewPath } from "../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import {
  ArchiveButton,
  EmailButton,
  type ListKind,
  ListScreen,
  NextTaskNote,
  OpenLeadLink,
  pageOf,
  type RowsContext,
  StatusControl,
  StatusPill,
  useToggleSet,
} from "../lead";
import { AppointmentCalendar } from "./appointment-calendar";
import { Details, formatAppointmentDay } from "./appointment-details";
import { isCalendarView } from "./calendar-place";
import { ServiceBadge } from "./service-badge";

const SORTS = [
  { value: "created:desc", label: "Newest bookings first" },
  { value: "created:asc", label: "Oldest bookings first" },
  { value: "date:asc", label: "Appointment date (earliest first)" },
  { value: "date:desc", label: "Appointment date (latest first)" },
  { value: "name:asc", label: "Client (A–Z)" },
  { value: "service:asc", label: "Service (A–Z)" },
  { value: "nextTask:asc", label: "Next task (soonest first)" },
] as const satisfies readonly { value: LeadSort<AppointmentSortKey>; label: string }[];

/** Booked consultations: paged, searched, sorted and filtered on the server. */
export const APPOINTMENT_LIST: ListKind<AppointmentRecord> = {
  view: "appointments",
  load: async (call, query, signal) =>
    pageOf(await call(API_ENDPOINTS.appointments.list, { query, signal }), (answer) => answer.data),
  initial: { q: "", sort: "created:desc", status: "" },
  sort: { kind: "choices", options: SORTS, className: "min-w-64 basis-64" },
  statuses: APPOINTMENT_STATUSES,
  title: "Appointments",
  countNoun: "appointments",
  label: "Appointments",
  searchLabel: "Search appointments",
  errorMessage: (failure, reason) =>
    APPOINTMENT_ADMIN_MESSAGES.loadFailed(
      failure ? errorText(failure, silentFailureText(failure)) : reason,
    ),
  itemName: (appointment) => `Appointment of ${appointment.name}`,
  empty: {
    title: APPOINTMENT_ADMIN_MESSAGES.empty,
    hint: "Appointments booked on the website will appear here.",
    noMatch: "No appointment matches this search or filter.",
  },
};

/**
 * The appointments view: the list, or the calendar (`?view=calendar`), with a switch
 * between them above either.
 */
export function AppointmentsView() {
  const { search } = useLocation();
  const isCalendar = isCalendarView(new URLSearchParams(search));
  return (
    <div className="space-y-4">
      <ViewSwitch isCalendar={isCalendar} />
      {isCalendar ? <AppointmentCalendar /> : <AppointmentList />}
    </div>
  );
}

/** List | Calendar: real links, so each has its address and Back returns to the other. */
function ViewSwitch({ isCalendar }: { isCalendar: boolean }) {
  const base = viewPath("appointments");
  const linkClass = (isCurrent: boolean) =>
    cn(
      "inline-flex min-h-11 items-center gap-2 px-4 text-sm font-semibold first:rounded-l-md last:rounded-r-md",
      isCurrent ? "bg-navy-900 text-white" : "bg-white text-navy-900 hover:bg-slate-50",
    );
  return (
    <nav aria-label="Appointments display" className="flex">
      <ul className="flex rounded-md ring-1 ring-slate-300 ring-inset">
        <li className="flex">
          <Link
            to={base}
            aria-current={isCalendar ? undefined : "page"}
            className={cn(linkClass(!isCalendar), "rounded-l-md")}
          >
            <TableIcon className="size-4" />
            List
          </Link>
        </li>
        <li className="flex">
          <Link
            to={`${base}?view=calendar`}
            aria-current={isCalendar ? "page" : undefined}
            className={cn(linkClass(isCalendar), "rounded-r-md")}
          >
            <CalendarIcon className="size-4" />
            Calendar
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Booked consultations: a table on large screens, cards below 1024 px. */
function AppointmentList() {
  const [openIds, toggle] = useToggleSet();
  return (
    <ListScreen
      kind={APPOINTMENT_LIST}
      rows={(rows) => <AppointmentRows rows={rows} openIds={openIds} toggle={toggle} />}
    />
  );
}

function AppointmentRows({
  rows,
  openIds,
  toggle,
}: {
  rows: RowsContext<AppointmentRecord>;
  /** The appointments whose details are open (kept while the list reloads or empties). */
  openIds: ReadonlySet<string>;
  toggle: (id: string) => void;
}) {
  const isWide = useMediaQuery("(min-width: 1024px)");
  const { isArchivedView } = rows;
  const statusControl = (appointment: AppointmentRecord, compact = false) => (
    <StatusControl
      compact={compact}
      statuses={APPOINTMENT_STATUSES}
      status={appointment.status}
      statusChangedAt={appointment.statusChangedAt}
      view="appointments"
      id={appointment._id}
      owner={`${appointment.name}'s appointment`}
      lostReason={appointment.lostReason}
      lostDetail={appointment.lostDetail}
      onChanged={(change) => rows.patch(appointment._id, change)}
    />
  );
  const deleteButton = (appointment: AppointmentRecord) => {
    const isBusy = rows.isBusy(appointment._id);
    return (
      <div className="flex flex-wrap gap-2">
        <OpenLeadLink
          view="appointments"
          id={appointment._id}
          owner={`appointment of ${appointment.name}`}
        />
        <ArchiveButton
          isBusy={isBusy}
          isArchived={isArchivedView}
          onArchive={() => rows.archive(appointment)}
          onRestore={() => rows.restore(appointment)}
        >
          {" "}
          appointment of {appointment.name}
        </ArchiveButton>
      </div>
    );
  };
  const toggleButton = (appointment: AppointmentRecord, detailsId: string) => {
    const isOpen = openIds.has(appointment._id);
    return (
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={detailsId}
        onClick={(event) => {
          event.stopPropagation();
          toggle(appointment._id);
        }}
        className="flex min-h-6 cursor-pointer items-center gap-1 rounded-sm text-left font-semibold text-navy-900 hover:text-brand-700"
      >
        <ChevronDownIcon
          className={cn(
            "size-4 shrink-0 transition-transform motion-reduce:transition-none",
            isOpen && "rotate-180",
          )}
        />
        {appointment.name}
        <span className="sr-only"> (details)</span>
      </button>
    );
  };

  return isWide ? (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-left text-sm" aria-busy={rows.isLoading}>
        <caption className="sr-only">
          Appointments; choose a client's name to show the message
        </caption>
        <thead className="bg-slate-100 text-navy-900">
          <tr>
            {["Client", "Contact", "Date & Time", "Service", "Status", "Actions"].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.items.map((appointment) => {
            const detailsId = `appointment-details-${appointment._id}`;
            const isOpen = openIds.has(appointment._id);
            const isBusy = rows.isBusy(appointment._id);
            return (
              <Fragment key={appointment._id}>
                <tr
                  aria-busy={isBusy}
                  // A click anywhere on the row expands it (spec); keyboard and
                  // screen-reader users have the name button in the first cell.
                  onClick={(event) => {
                    const target = event.target as HTMLElement;
                    if (!target.closest("a, button, select, input, label")) {
                      toggle(appointment._id);
                    }
                  }}
                  className={cn(
                    "cursor-pointer border-t border-slate-200 align-top hover:bg-slate-50",
                    isBusy && "opacity-60",
                  )}
                >
                  <th scope="row" className="px-3 py-3 font-normal">
                    {toggleButton(appointment, detailsId)}
                    <p className="text-xs text-slate-600">
                      Received{" "}
                      <time dateTime={appointment.createdAt}>
                        {formatDateTime(appointment.createdAt)}
                      </time>
                    </p>
                  </th>
                  <td className="min-w-48 px-3 py-3">
                    <EmailButton email={appointment.email} />
                    <p className="text-slate-700">
                      <PhoneLink phone={appointment.phone} />
                    </p>
                  </td>
                  <td className="px-3 py-3 whitespace-nowrap">
                    {formatAppointmentDay(appointment.date)}
                    <p className="text-slate-700">{displaySlot(appointment.time)} CT</p>
                  </td>
                  <td className="px-3 py-3">
                    <ServiceBadge service={appointment.service} />
                  </td>
                  <td className="px-3 py-3">{statusControl(appointment, true)}</td>
                  <td className="px-3 py-3">{deleteButton(appointment)}</td>
                </tr>
                <tr id={detailsId} hidden={!isOpen} className="bg-slate-50">
                  <td colSpan={6} className="px-3 pt-1 pb-4 pl-9">
                    <Details
                      appointment={appointment}
                      onDetailsChanged={(changed) => rows.patch(appointment._id, changed)}
                      isOpen={isOpen}
                      onWorkChanged={(change) => rows.patch(appointment._id, change)}
                    />
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  ) : (
    <ul aria-label="Appointments" aria-busy={rows.isLoading} className="space-y-3">
      {rows.items.map((appointment) => {
        const detailsId = `appointment-details-${appointment._id}`;
        const isBusy = rows.isBusy(appointment._id);
        return (
          <li
            key={appointment._id}
            aria-busy={isBusy}
            className={cn(
              "space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200",
              isBusy && "opacity-60",
            )}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3>{toggleButton(appointment, detailsId)}</h3>
              <span className="flex flex-wrap items-center gap-2">
                <StatusPill status={appointment.status} />
                <NextTaskNote lead={appointment} />
              </span>
            </div>
            <ServiceBadge service={appointment.service} />
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">When</dt>
              <dd className="font-medium text-slate-900">
                {formatAppointmentDay(appointment.date)} · {displaySlot(appointment.time)} CT
              </dd>
              <dt className="text-slate-600">Email</dt>
              <dd className="min-w-0">
                <EmailButton email={appointment.email} />
              </dd>
              <dt className="text-slate-600">Phone</dt>
              <dd className="font-medium text-slate-900">
                <PhoneLink phone={appointment.phone} />
              </dd>
              <dt className="text-slate-600">Received</dt>
              <dd className="text-slate-900">
                <time dateTime={appointment.createdAt}>
                  {formatDateTime(appointment.createdAt)}
                </time>
              </dd>
            </dl>
            <div
              id={detailsId}
              hidden={!openIds.has(appointment._id)}
              className="rounded-lg bg-slate-50 p-3"
            >
              <Details
                appointment={appointment}
                onDetailsChanged={(changed) => rows.patch(appointment._id, changed)}
                isOpen={openIds.has(appointment._id)}
                onWorkChanged={(change) => rows.patch(appointment._id, change)}
              />
            </div>
            <div className="flex flex-wrap items-end justify-between gap-3">
              {statusControl(appointment)}
              {deleteButton(appointment)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
