import { can, type Person, PREFERRED_CONTACT_LABELS } from "@agency/domain";
import { type ReactNode, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { ArrowLeftIcon } from "../../components/icons/index";
import { PhoneLink } from "../../components/phone-link";
import { useAuth } from "../../lib/auth";
import { viewInfo } from "../../lib/dashboard-views";
import { formatDateTime } from "../../lib/format";
import {
  EmailList,
  EmailPanel,
  EmptyState,
  ErrorPanel,
  type LeadPageState,
  LoadingState,
  TimelineItems,
} from "../lead";
import { PoliciesPanel } from "../policy";
import { PersonRequestsPanel } from "../service";
import { DoNotContactBadge } from "../stop-link";
import { TaskPanel } from "../task";
import { ConsentPanel } from "./consent-panel";
import { DuplicatesPanel } from "./duplicates-panel";
import { EditPerson } from "./edit-person";
import { HouseholdPanel } from "./household-panel";
import { leadCountsText, NO_EMAIL, NO_PHONE, nameOf } from "./people-view";
import { PrivacyPanel } from "./privacy-panel";
import { usePerson } from "./use-person";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";

/** "12 Oak St, Saint Paul, MN 55101", or null when no part is known. */
export function mailingAddressText(address: Person["mailingAddress"]): string | null {
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const text = [address.street, cityLine].filter(Boolean).join(", ");
  return text === "" ? null : text;
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-semibold text-slate-700">{term}</dt>
      <dd className="wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

const notGiven = <span className="text-slate-600">Not given</span>;

/** The person's details as read (the Edit form replaces them while open). */
function PersonDetails({ person }: { person: Person }) {
  const address = mailingAddressText(person.mailingAddress);
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Detail term="Email">
        {person.email ? (
          <a
            href={`mailto:${person.email}`}
            className="inline-flex min-h-6 items-center text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {person.email}
          </a>
        ) : (
          <span className="text-slate-600">{NO_EMAIL}</span>
        )}
      </Detail>
      <Detail term="Phone">
        {person.phone ? (
          <PhoneLink phone={person.phone} className="text-brand-700 underline" />
        ) : (
          <span className="text-slate-600">{NO_PHONE}</span>
        )}
      </Detail>
      <Detail term="Preferred contact">
        {person.preferredContact ? PREFERRED_CONTACT_LABELS[person.preferredContact] : "Not said"}
      </Detail>
      <Detail term="Mailing address">{address ?? notGiven}</Detail>
      <div className="min-w-0 sm:col-span-2">
        <dt className="text-sm font-semibold text-slate-700">Notes</dt>
        <dd className="wrap-anywhere whitespace-pre-line text-slate-900">
          {person.notes || <span className="text-slate-600">No notes</span>}
        </dd>
      </div>
    </dl>
  );
}

/**
 * One person's page (`/dashboard/people/:id`): who they are, their details (editable by
 * staff who work leads), their household and emails (decision 0070), and one timeline of
 * everything behind them, each lead linking to its page. An unknown id says so inside the
 * dashboard.
 */
export function PersonPage({ id }: { id: string }) {
  const { user } = useAuth();
  const { state, reload, setPerson, setHousehold } = usePerson(id);
  const [isEditing, setIsEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const nameId = useId();
  const detailsId = useId();
  const timelineId = useId();
  const list = viewInfo("people");
  // Back to the list as the person left it, when they came from it.
  const listSearch = (location.state as LeadPageState | null)?.listSearch ?? "";
  const backLink = (
    <Link to={`${list.path}${listSearch}`} className={secondaryButtonClass}>
      <ArrowLeftIcon className="size-4" />
      All people
    </Link>
  );

  if (state.phase === "loading") return <LoadingState label="Loading the person…" />;
  if (state.phase === "missing") {
    return (
      <EmptyState title="Person not found">
        <p>
          No person has this address. They may have been merged into another, or the link may be
          incomplete.
        </p>
        <div className="mt-4">{backLink}</div>
      </EmptyState>
    );
  }
  if (state.phase === "error") {
    return (
      <ErrorPanel title="The person could not be loaded" message={state.message} onRetry={reload} />
    );
  }

  const { person, timeline, timelineTotal, household, emails } = state.page;
  const name = nameOf(person);
  const closeForm = () => {
    setIsEditing(false);
    // Focus goes back to where the form was opened.
    window.setTimeout(() => editButtonRef.current?.focus(), 0);
  };
  return (
    <article aria-labelledby={nameId} className="space-y-4">
      <div>{backLink}</div>
      <header className={`${cardClass} flex flex-wrap items-end justify-between gap-4`}>
        <div className="min-w-0">
          <h2
            id={nameId}
            tabIndex={-1}
            className="text-xl font-bold wrap-anywhere text-navy-900 focus:outline-none"
          >
            {name}
          </h2>
          <DoNotContactBadge kind="person" id={person._id} />
          <p className="text-sm text-slate-700">{leadCountsText(person.leadCounts)}</p>
          <p className="text-sm text-slate-700">
            Known since{" "}
            <time dateTime={person.createdAt} className="font-semibold text-slate-900">
              {formatDateTime(person.createdAt)}
            </time>
            {" · "}latest{" "}
            <time dateTime={person.latestAt} className="font-semibold text-slate-900">
              {formatDateTime(person.latestAt)}
            </time>
          </p>
        </div>
      </header>
      <div className="grid items-start gap-4 xl:grid-cols-5">
        <div className="min-w-0 space-y-4 xl:col-span-2">
          <section aria-labelledby={detailsId} className={cardClass}>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <h3 id={detailsId} className="text-lg font-bold text-navy-900">
                Details
              </h3>
              {/* Offered only to roles the server lets change a person (leads.work). */}
              {!isEditing && can(user, "leads.work") ? (
                <button
                  ref={editButtonRef}
                  type="button"
                  onClick={() => setIsEditing(true)}
                  className={secondaryButtonClass}
                >
                  Edit<span className="sr-only"> {name}'s details</span>
                </button>
              ) : null}
            </div>
            {isEditing ? (
              <EditPerson
                person={person}
                onCancel={closeForm}
                onSaved={(saved) => {
                  setPerson(saved);
                  closeForm();
                }}
              />
            ) : (
              <PersonDetails person={person} />
            )}
          </section>
          <ConsentPanel personId={person._id} owner={name} />
          <PoliciesPanel personId={person._id} owner={name} />
          <PersonRequestsPanel personId={person._id} owner={name} />
          <DuplicatesPanel
            personId={person._id}
            personName={name}
            onMerged={() => {
              reload();
              // The merged suggestion's button is gone: focus goes to the person's name.
              document.getElementById(nameId)?.focus();
            }}
          />
          <HouseholdPanel personId={person._id} household={household} onChanged={setHousehold} />
          <PrivacyPanel personId={person._id} personName={name} names={person} onErased={reload} />
          {/* Tasks about the person themselves (issue 27 §2); a lead's stay on its page. */}
          {can(user, "leads.work") ? (
            <TaskPanel subject={{ kind: "person", id: person._id }} owner={name} asCard />
          ) : null}
          <EmailPanel
            view="people"
            id={person._id}
            email={person.email}
            opening={{ firstName: person.firstName, subject: "" }}
            owner={name}
            addEmailHint="add one with Edit in Details"
            // A sent email shows on the timeline too (under its lead, or the person's own list).
            onEmailsChanged={reload}
          />
        </div>
        <section aria-labelledby={timelineId} className={`${cardClass} xl:col-span-3`}>
          <h3 id={timelineId} className="text-lg font-bold text-navy-900">
            Timeline
          </h3>
          {emails.length > 0 ? (
            <div className="mt-2 mb-4">
              <EmailList emails={emails} label="Emails to this person" />
            </div>
          ) : null}
          {timeline.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">No quote, message or booking is stored.</p>
          ) : (
            <>
              <p className="mt-1 mb-4 text-sm text-slate-700">
                {timelineTotal > timeline.length
                  ? `The newest ${timeline.length} of ${timelineTotal} leads.`
                  : `${timeline.length} lead${timeline.length === 1 ? "" : "s"}, newest first.`}
              </p>
              <TimelineItems items={timeline} />
            </>
          )}
        </section>
      </div>
    </article>
  );
}
