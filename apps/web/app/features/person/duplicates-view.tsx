import {
  API_ENDPOINTS,
  type DuplicateGroup,
  formatPhone,
  PERSON_MERGE_UNDO_DAYS,
  type Person,
} from "@agency/domain";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { personPath, viewPath } from "../../lib/dashboard-views";
import { formatDateTime, plural, silentFailureText } from "../../lib/format";
import { EmptyState, ErrorPanel, LoadingState, PAGE_SIZE, Pager } from "../lead";
import { DUPLICATE_REASON_LABELS } from "./duplicates-panel";
import { type MergePair, useMergePeople } from "./merge-people";
import { leadCountsText, NO_EMAIL, NO_PHONE, nameOf } from "./people-view";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";
const linkClass =
  "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800 wrap-anywhere";

/** A person's email, else their phone: what tells two people of one name apart. */
const contactOf = (person: Person) =>
  person.email || (person.phone ? formatPhone(person.phone) : NO_EMAIL);

type Loaded =
  | { phase: "loading" }
  | { phase: "error"; message: string }
  | { phase: "ready"; groups: DuplicateGroup[]; total: number };

/** The page's offset from the address (`?offset=25`), a multiple of the page size. */
function offsetOf(params: URLSearchParams): number {
  const offset = Number(params.get("offset") ?? 0);
  return Number.isSafeInteger(offset) && offset > 0 ? offset - (offset % PAGE_SIZE) : 0;
}

/**
 * The Duplicates list (issue 27 §1, decision 0071): every group of people who may be one
 * person (the same name and ZIP, the same name and date of birth, or an email written
 * differently), a page at a time, each person linked to their page. Nothing is merged
 * unless staff who may (Manager and up) merge a pair: each other person of a group into the
 * first (the most recently heard from), after the person page's confirmation, with Undo.
 */
export function DuplicatesView() {
  const { call } = useAuth();
  const [params, setParams] = useSearchParams();
  const offset = offsetOf(params);
  const [loaded, setLoaded] = useState<Loaded>({ phase: "loading" });
  const [reloadCount, setReloadCount] = useState(0);
  const topRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const merging = useMergePeople({
    onChange: () => {
      setReloadCount((count) => count + 1);
      // The merged row's button is gone: focus goes to the list's heading.
      topRef.current?.focus();
    },
  });

  useEffect(() => {
    const controller = new AbortController();
    void reloadCount;
    call(API_ENDPOINTS.people.duplicateGroups, {
      query: { limit: PAGE_SIZE, offset },
      signal: controller.signal,
    })
      .then((result) => {
        if (controller.signal.aborted) return;
        if (result.ok) {
          setLoaded({ phase: "ready", groups: result.data.data, total: result.data.total });
        } else {
          setLoaded({ phase: "error", message: errorText(result, silentFailureText(result)) });
        }
      })
      .catch(() => {
        // Aborted: another page was asked for.
      });
    return () => controller.abort();
  }, [call, offset, reloadCount]);

  // A page emptied by merges while later ones remain: back to the last page there is.
  useEffect(() => {
    if (loaded.phase !== "ready" || loaded.groups.length > 0 || offset === 0) return;
    const last = Math.max(0, Math.ceil(loaded.total / PAGE_SIZE) - 1) * PAGE_SIZE;
    setParams(last > 0 ? { offset: String(last) } : {}, { replace: true });
  }, [loaded, offset, setParams]);

  const goTo = (next: number) => {
    setParams(next > 0 ? { offset: String(next) } : {});
    topRef.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={viewPath("people")} className={linkClass}>
          <span aria-hidden="true">‹ </span>All people
        </Link>
      </div>
      <div className={cardClass}>
        <h2
          id={headingId}
          ref={topRef}
          tabIndex={-1}
          className="text-lg font-bold text-navy-900 focus:outline-none"
        >
          {loaded.phase === "ready"
            ? `${plural(loaded.total, "group")} of possible duplicates`
            : "Groups of possible duplicates"}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          People with the same name and ZIP, the same name and date of birth, or the same email
          written differently. Nothing is merged unless you merge it
          {merging.canMerge
            ? `: a merge moves every lead to the person kept, keeps both histories, and can be undone for ${PERSON_MERGE_UNDO_DAYS} days.`
            : "."}
        </p>
      </div>
      {loaded.phase === "loading" ? (
        <LoadingState label="Loading possible duplicates…" />
      ) : loaded.phase === "error" ? (
        <ErrorPanel
          title="The possible duplicates could not be loaded"
          message={loaded.message}
          onRetry={() => {
            setLoaded({ phase: "loading" });
            setReloadCount((count) => count + 1);
          }}
        />
      ) : loaded.groups.length === 0 ? (
        <EmptyState title="No possible duplicates">
          <p>No two people share a name and ZIP, a name and date of birth, or an email.</p>
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Possible duplicates" className="space-y-3">
            {loaded.groups.map((group) => (
              <GroupCard
                key={`${group.reason} ${group.people.map((person) => person._id).join(" ")}`}
                group={group}
                merging={merging}
              />
            ))}
          </ul>
          <Pager offset={offset} total={loaded.total} label="Possible duplicates" onChange={goTo} />
        </>
      )}
      {merging.dialog}
    </section>
  );
}

/** One group: why, then its people, the first kept and each other one with Merge into them. */
function GroupCard({
  group,
  merging,
}: {
  group: DuplicateGroup;
  merging: ReturnType<typeof useMergePeople>;
}) {
  const headingId = useId();
  const [kept, ...others] = group.people;
  if (!kept) return null;
  const keptName = nameOf(kept);
  return (
    <li aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="text-base font-bold wrap-anywhere text-navy-900">
        {keptName}
        <span className="font-normal text-slate-700">
          {" "}
          · {DUPLICATE_REASON_LABELS[group.reason]}
        </span>
      </h3>
      {group.size > group.people.length ? (
        <p className="text-sm text-slate-700">
          {group.size} people share this; the {group.people.length} heard from most recently are
          shown.
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-slate-200">
        <PersonRow person={kept} />
        {others.map((person) => {
          const pair: MergePair = {
            kept: { id: kept._id, name: keptName, detail: contactOf(kept) },
            other: { id: person._id, name: nameOf(person), detail: contactOf(person) },
          };
          return (
            <PersonRow
              key={person._id}
              person={person}
              merge={
                merging.canMerge
                  ? {
                      keptName,
                      isBusy: merging.isMerging,
                      error: merging.errorOf(kept._id, person._id),
                      onMerge: () => merging.ask(pair),
                    }
                  : undefined
              }
            />
          );
        })}
      </ul>
    </li>
  );
}

/** Who, how to reach them, their ZIP and leads; Merge into the group's first when offered. */
function PersonRow({
  person,
  merge,
}: {
  person: Person;
  merge?: { keptName: string; isBusy: boolean; error: string | undefined; onMerge: () => void };
}) {
  const errorId = useId();
  const name = nameOf(person);
  const zip = person.mailingAddress.zip;
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 text-sm text-slate-700">
          <Link to={personPath(person._id)} className={`text-base ${linkClass}`}>
            {name}
          </Link>
          <p className="wrap-anywhere">
            {person.email || NO_EMAIL} ·{" "}
            <span className="whitespace-nowrap">
              {person.phone ? formatPhone(person.phone) : NO_PHONE}
            </span>
            {zip ? (
              <>
                {" "}
                · <span className="whitespace-nowrap">ZIP {zip}</span>
              </>
            ) : null}
          </p>
          <p>
            {leadCountsText(person.leadCounts)} · latest{" "}
            <time dateTime={person.latestAt}>{formatDateTime(person.latestAt)}</time>
          </p>
        </div>
        {merge ? (
          <button
            type="button"
            disabled={merge.isBusy}
            aria-describedby={merge.error ? errorId : undefined}
            onClick={merge.onMerge}
            className={secondaryButtonClass}
          >
            Merge into {merge.keptName}
            <span className="sr-only">
              {" "}
              ({name}, {person.email || formatPhone(person.phone)})
            </span>
          </button>
        ) : null}
      </div>
      {merge?.error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {merge.error}
        </p>
      ) : null}
    </li>
  );
}
