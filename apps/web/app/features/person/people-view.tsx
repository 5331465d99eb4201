import {
  API_ENDPOINTS,
  type LeadSort,
  type PeopleSortKey,
  type Person,
  personName,
} from "@agency/domain";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { PhoneLink } from "../../components/phone-link";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { DUPLICATES_PATH, personPath } from "../../lib/dashboard-views";
import { formatDateTime, plural, silentFailureText } from "../../lib/format";
import { type LeadPageState, type ListKind, ListScreen, pageOf } from "../lead";

const SORTS = [
  { value: "latest:desc", label: "Latest activity first" },
  { value: "name:asc", label: "Name (A–Z)" },
  { value: "name:desc", label: "Name (Z–A)" },
  { value: "created:desc", label: "Newest people first" },
  { value: "created:asc", label: "Oldest people first" },
] as const satisfies readonly { value: LeadSort<PeopleSortKey>; label: string }[];

/** What stands for an email or a phone a person has none of. */
export const NO_EMAIL = "No email";
export const NO_PHONE = "No phone";

/** "Ann Lee"; a person with no name yet (never, by the rules) still gets a link text. */
export const nameOf = (person: Pick<Person, "firstName" | "lastName">) =>
  personName(person) || "Unnamed person";

/** "2 quotes, 1 message", or "No leads" (only live leads count). */
export function leadCountsText(counts: Person["leadCounts"]): string {
  const parts = [
    counts.quotes > 0 ? plural(counts.quotes, "quote") : "",
    counts.contacts > 0 ? plural(counts.contacts, "message") : "",
    counts.appointments > 0 ? plural(counts.appointments, "appointment") : "",
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : "No leads";
}

/** People: paged, searched (name, email, phone), sorted and filtered on the server. */
export const PEOPLE_LIST: ListKind<Person> = {
  view: "people",
  load: async (call, query, signal) =>
    pageOf(
      await call(API_ENDPOINTS.people.list, {
        // Only what the people route takes (its query has no status or date filters).
        query: {
          limit: query.limit,
          offset: query.offset,
          sort: query.sort,
          q: query.q,
          has: query.has,
        },
        signal,
      }),
      (answer) => answer.data,
    ),
  initial: { q: "", sort: "latest:desc", status: "" },
  sort: { kind: "choices", options: SORTS, className: "min-w-56 basis-56" },
  filters: ["has"],
  statuses: [],
  title: "People",
  countNoun: "people",
  label: "People",
  searchLabel: "Search people by name, email or phone",
  errorTitle: "The people could not be loaded",
  errorMessage: (failure, reason) =>
    failure ? errorText(failure, silentFailureText(failure)) : reason,
  itemName: nameOf,
  empty: {
    title: "No people yet",
    hint: "A person appears here with their first quote, message or booking.",
    noMatch: "No person matches this search or filter.",
  },
  announceCount: true,
};

/** The person's name, a link to their page (the list's state kept for the way back). */
function PersonLink({ person }: { person: Person }) {
  const { search } = useLocation();
  const state: LeadPageState = { listSearch: search };
  return (
    <Link
      to={personPath(person._id)}
      state={state}
      className="underline decoration-navy-900/30 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700"
    >
      {nameOf(person)}
    </Link>
  );
}

/**
 * "Possible duplicates (3)": the Duplicates list (decision 0071), with how many groups it
 * holds once known (a failure only leaves the count out).
 */
function DuplicatesLink() {
  const { call } = useAuth();
  const [total, setTotal] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    call(API_ENDPOINTS.people.duplicateGroups, {
      query: { limit: 1, offset: 0 },
      signal: controller.signal,
    })
      .then((result) => {
        if (!controller.signal.aborted && result.ok) setTotal(result.data.total);
      })
      .catch(() => {
        // Aborted: the page was left.
      });
    return () => controller.abort();
  }, [call]);
  return (
    <Link
      to={DUPLICATES_PATH}
      className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-brand-700 underline underline-offset-2 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-brand-800"
    >
      Possible duplicates{total === null ? "" : ` (${total.toLocaleString("en-US")})`}
    </Link>
  );
}

/** Everyone behind the leads, one row each: who, how to reach them, what they sent, when. */
export function PeopleView() {
  return (
    <ListScreen
      kind={PEOPLE_LIST}
      headingActions={<DuplicatesLink />}
      rows={(rows) => (
        <ul aria-label="People" aria-busy={rows.isLoading} className="space-y-2">
          {rows.items.map((person) => (
            <li
              key={person._id}
              className={cn(
                "grid gap-x-4 gap-y-1 rounded-xl bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200",
                "md:grid-cols-2 xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1.6fr)_minmax(8.5rem,0.7fr)_minmax(15rem,1.2fr)] xl:items-center",
              )}
            >
              <h3 className="text-base font-bold wrap-anywhere text-navy-900">
                <PersonLink person={person} />
              </h3>
              <p className="min-w-0 wrap-anywhere text-slate-800 md:text-right xl:text-left">
                {person.email ? (
                  <a
                    href={`mailto:${person.email}`}
                    className="inline-flex min-h-6 items-center underline-offset-2 hover:underline"
                  >
                    {person.email}
                  </a>
                ) : (
                  <span className="text-slate-600">{NO_EMAIL}</span>
                )}
              </p>
              <p className="text-slate-800">
                {person.phone ? (
                  <PhoneLink phone={person.phone} />
                ) : (
                  <span className="text-slate-600">{NO_PHONE}</span>
                )}
              </p>
              <div className="min-w-0 text-slate-700 md:text-right xl:text-left">
                <p className="font-medium text-slate-900">{leadCountsText(person.leadCounts)}</p>
                <p>
                  Latest <time dateTime={person.latestAt}>{formatDateTime(person.latestAt)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    />
  );
}
