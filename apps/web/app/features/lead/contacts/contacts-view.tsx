import {
  API_ENDPOINTS,
  CONTACT_ADMIN_MESSAGES,
  CONTACT_PREVIEW_LENGTH,
  CONTACT_STATUSES,
  CONTACT_SUBJECTS,
  type ContactRecord,
} from "@agency/domain";
import { Fragment, useState } from "react";
import { Link, useLocation } from "react-router";
import {
  CardsIcon,
  ChevronDownIcon,
  ExternalIcon,
  ReplyIcon,
  TableIcon,
} from "../../../components/icons/index";
import { PhoneLink } from "../../../components/phone-link";
import { errorText } from "../../../lib/api";
import { cn } from "../../../lib/cn";
import { leadPath } from "../../../lib/dashboard-views";
import { formatDateTime, silentFailureText } from "../../../lib/format";
import { detailsOf, EditContactDetails, SourceNote } from "../../lead-entry";
import { EmailButton } from "../email-button";
import { MailAction } from "../email-link";
import { ArchiveButton, secondaryButtonClass } from "../list-controls";
import { type ListKind, ListScreen, type RowsContext } from "../list-screen";
import { ClearSearchButton, EmptyState } from "../list-states";
import { NextTaskNote } from "../next-task-note";
import type { LeadPageState } from "../open-lead-link";
import { StatusControl, StatusPill } from "../status-control";
import { TruncatedText } from "../truncated-text";
import { pageOf } from "../use-lead-list";
import { useToggleSet } from "../use-toggle-set";
import { WorkPanel } from "../work-panel";

type Display = "cards" | "table";
const DISPLAY_STORAGE_KEY = "dashboardContactsDisplay";

const SORT_FIELDS = [
  { value: "date", label: "Date" },
  { value: "name", label: "Name" },
  { value: "email", label: "Email" },
  { value: "nextTask", label: "Next task" },
] as const;

/** The spec's Reply (a compose window); null when the message came without an email. */
export function replyHref(contact: ContactRecord): string | null {
  if (!contact.email) return null;
  return `mailto:${contact.email}?subject=${encodeURIComponent(CONTACT_ADMIN_MESSAGES.replySubject)}`;
}
export const fullName = (contact: ContactRecord) =>
  `${contact.firstName} ${contact.lastName}`.trim();
export const subjectLabel = (value: string) =>
  CONTACT_SUBJECTS.find((subject) => subject.value === value)?.label ?? value;

function readDisplay(): Display {
  try {
    return window.localStorage.getItem(DISPLAY_STORAGE_KEY) === "table" ? "table" : "cards";
  } catch {
    return "cards";
  }
}

/** The sender's name, a link to the message's own page (the list's state kept for the way back). */
function LeadNameLink({ contact }: { contact: ContactRecord }) {
  const { search } = useLocation();
  const state: LeadPageState = { listSearch: search };
  return (
    <Link
      to={leadPath("contacts", contact._id)}
      state={state}
      className="underline decoration-navy-900/30 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700"
    >
      {fullName(contact)}
    </Link>
  );
}

/** Contact messages: paged, searched, sorted and filtered on the server. */
export const CONTACT_LIST: ListKind<ContactRecord> = {
  view: "contacts",
  load: async (call, query, signal) =>
    pageOf(await call(API_ENDPOINTS.contacts.list, { query, signal }), (answer) => answer.contacts),
  initial: { q: "", sort: "date:desc", status: "" },
  sort: { kind: "field-and-direction", fields: SORT_FIELDS },
  statuses: CONTACT_STATUSES,
  title: "Contact Messages",
  countNoun: "messages",
  label: "Contacts",
  searchLabel: "Search contacts",
  errorTitle: CONTACT_ADMIN_MESSAGES.loadErrorTitle,
  errorMessage: (failure, reason) =>
    failure ? errorText(failure, silentFailureText(failure)) : reason,
  loadFailedToast: CONTACT_ADMIN_MESSAGES.loadFailed,
  itemName: (contact) => `Message from ${fullName(contact)}`,
  empty: ({ params, isFiltered, isArchivedView, clear }) =>
    isFiltered ? (
      <EmptyState title="No matching contacts">
        <p>
          {params.q.trim()
            ? `No message matches “${params.q.trim()}”.`
            : isArchivedView
              ? "No message was archived in the last 30 days."
              : "No message matches these filters."}
        </p>
        <ClearSearchButton onClear={clear} />
      </EmptyState>
    ) : (
      <EmptyState title={CONTACT_ADMIN_MESSAGES.empty}>
        <p>Messages sent through the contact form will appear here.</p>
      </EmptyState>
    ),
};

/** Contact messages as cards or a table, with reply, work and archive on each. */
export function ContactsView() {
  const [display, setDisplay] = useState<Display>(readDisplay);
  const [workingIds, toggleWorking] = useToggleSet();

  function chooseDisplay(next: Display) {
    setDisplay(next);
    try {
      window.localStorage.setItem(DISPLAY_STORAGE_KEY, next);
    } catch {
      // Not kept; the choice still applies now.
    }
  }

  return (
    <ListScreen
      kind={CONTACT_LIST}
      headingActions={
        <a href="/contact-us" target="_blank" rel="noopener" className={secondaryButtonClass}>
          <ExternalIcon className="size-4" />
          Add contact<span className="sr-only"> (opens the contact form in a new tab)</span>
        </a>
      }
      extraFilters={
        <fieldset className="flex min-w-0 gap-1">
          <legend className="mb-1 text-sm font-semibold text-navy-900">Display</legend>
          {(["cards", "table"] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={display === option}
              onClick={() => chooseDisplay(option)}
              className={cn(
                "inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md px-3 text-sm font-semibold ring-1 ring-inset",
                display === option
                  ? "bg-navy-900 text-white ring-navy-900 hover:bg-navy-800"
                  : "bg-white text-navy-900 ring-slate-300 hover:bg-slate-50",
              )}
            >
              {option === "cards" ? (
                <CardsIcon className="size-4" />
              ) : (
                <TableIcon className="size-4" />
              )}
              {option === "cards" ? "Cards" : "Table"}
            </button>
          ))}
        </fieldset>
      }
      rows={(rows) => (
        <ContactRows
          rows={rows}
          display={display}
          workingIds={workingIds}
          toggleWorking={toggleWorking}
        />
      )}
    />
  );
}

function ContactRows({
  rows,
  display,
  workingIds,
  toggleWorking,
}: {
  rows: RowsContext<ContactRecord>;
  display: Display;
  /** The messages whose work panel is open (kept while the list reloads or empties). */
  workingIds: ReadonlySet<string>;
  toggleWorking: (id: string) => void;
}) {
  const { isArchivedView, isBusy } = rows;

  const statusControl = (contact: ContactRecord, compact = false) => (
    <StatusControl
      compact={compact}
      statuses={CONTACT_STATUSES}
      status={contact.status}
      statusChangedAt={contact.statusChangedAt}
      view="contacts"
      id={contact._id}
      owner={`${fullName(contact)}'s message`}
      lostReason={contact.lostReason}
      lostDetail={contact.lostDetail}
      onChanged={(change) => rows.patch(contact._id, change)}
    />
  );

  const workPanelId = (contact: ContactRecord) => `contact-work-${contact._id}`;
  const workToggle = (contact: ContactRecord) => {
    const isOpen = workingIds.has(contact._id);
    return (
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={workPanelId(contact)}
        onClick={() => toggleWorking(contact._id)}
        className={secondaryButtonClass}
      >
        <ChevronDownIcon
          className={cn(
            "size-4 transition-transform motion-reduce:transition-none",
            isOpen && "rotate-180",
          )}
        />
        Work<span className="sr-only"> on {fullName(contact)}'s message</span>
      </button>
    );
  };
  // Mounted only while open: each panel loads its lead's notes.
  const workPanel = (contact: ContactRecord) =>
    workingIds.has(contact._id) ? (
      <WorkPanel
        kind="contacts"
        lead={contact}
        owner={`${fullName(contact)}'s message`}
        onChanged={(change) => rows.patch(contact._id, change)}
      />
    ) : null;
  const actions = (contact: ContactRecord, compact = false) => (
    <div className="flex flex-wrap gap-2">
      {workToggle(contact)}
      <MailAction href={replyHref(contact)} className={secondaryButtonClass}>
        <ReplyIcon className="size-4" />
        Reply<span className="sr-only"> to {fullName(contact)}</span>
      </MailAction>
      <EditContactDetails
        kind="contact"
        id={contact._id}
        current={detailsOf(contact)}
        owner={fullName(contact)}
        onSaved={(changed) => rows.patch(contact._id, changed)}
      />
      <ArchiveButton
        isBusy={isBusy(contact._id)}
        isArchived={isArchivedView}
        onArchive={() => rows.archive(contact)}
        onRestore={() => rows.restore(contact)}
      >
        {" "}
        {compact ? "" : "message from "}
        {fullName(contact)}
      </ArchiveButton>
    </div>
  );

  return display === "cards" ? (
    <ul
      aria-label="Contacts"
      aria-busy={rows.isLoading}
      className="grid grid-cols-1 gap-4 lg:grid-cols-2"
    >
      {rows.items.map((contact) => (
        <li
          key={contact._id}
          aria-busy={isBusy(contact._id)}
          className={cn(
            "flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200",
            isBusy(contact._id) && "opacity-60",
          )}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-bold text-navy-900">
                <LeadNameLink contact={contact} />
              </h3>
              <p className="text-sm text-slate-700">
                {subjectLabel(contact.subject)} ·{" "}
                <time dateTime={contact.createdAt}>{formatDateTime(contact.createdAt)}</time>
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <SourceNote source={contact.source} firstTouch={contact.firstTouch} />
              <StatusPill status={contact.status} />
              <NextTaskNote lead={contact} />
            </div>
          </div>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <EmailButton email={contact.email} />
            <PhoneLink phone={contact.phone} className="text-slate-800" />
          </div>
          <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            <TruncatedText
              text={contact.message}
              limit={CONTACT_PREVIEW_LENGTH.card}
              moreLabel="More"
              lessLabel="Less"
            />
          </div>
          <div className="mt-auto flex flex-wrap items-end justify-between gap-3">
            {statusControl(contact)}
            {actions(contact)}
          </div>
          <div id={workPanelId(contact)} hidden={!workingIds.has(contact._id)}>
            {workPanel(contact)}
          </div>
        </li>
      ))}
    </ul>
  ) : (
    <section
      aria-label="Contacts table"
      // A wide table scrolls sideways on small screens; the region is focusable so
      // keyboard users can scroll it too.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <table className="w-full min-w-[60rem] text-left text-sm" aria-busy={rows.isLoading}>
        <caption className="sr-only">Contact messages</caption>
        <thead className="bg-slate-100 text-navy-900">
          <tr>
            {["Name", "Contact", "Subject", "Message", "Status", "Actions"].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.items.map((contact) => (
            <Fragment key={contact._id}>
              <tr
                aria-busy={isBusy(contact._id)}
                className={cn(
                  "border-t border-slate-200 align-top",
                  isBusy(contact._id) && "opacity-60",
                )}
              >
                <th scope="row" className="px-3 py-3 font-normal">
                  <span className="block font-semibold text-navy-900">
                    <LeadNameLink contact={contact} />
                  </span>
                  <time dateTime={contact.createdAt} className="text-slate-700">
                    {formatDateTime(contact.createdAt)}
                  </time>
                </th>
                <td className="min-w-48 px-3 py-3">
                  <EmailButton email={contact.email} />
                  <p className="whitespace-nowrap text-slate-700">
                    <PhoneLink phone={contact.phone} />
                  </p>
                </td>
                <td className="px-3 py-3">{subjectLabel(contact.subject)}</td>
                <td className="min-w-56 px-3 py-3">
                  <TruncatedText
                    text={contact.message}
                    limit={CONTACT_PREVIEW_LENGTH.table}
                    moreLabel="Show More"
                    lessLabel="Show Less"
                  />
                </td>
                <td className="px-3 py-3">
                  {statusControl(contact, true)}
                  <div className="mt-1">
                    <NextTaskNote lead={contact} />
                  </div>
                </td>
                <td className="px-3 py-3">{actions(contact, true)}</td>
              </tr>
              <tr id={workPanelId(contact)} hidden={!workingIds.has(contact._id)}>
                <td colSpan={6} className="px-3 pb-4">
                  {workPanel(contact)}
                </td>
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </section>
  );
}
