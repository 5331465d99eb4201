import {
  API_ENDPOINTS,
  can,
  formatPhone,
  HOUSEHOLD_RELATIONSHIP_LABELS,
  HOUSEHOLD_RELATIONSHIPS,
  type Household,
  type HouseholdMember,
  type HouseholdRelationship,
  type Person,
} from "@agency/domain";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import {
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { viewInfo } from "../../lib/dashboard-views";
import { silentFailureText } from "../../lib/format";
import { NO_EMAIL, nameOf } from "./people-view";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";
const errorClass = "text-sm font-medium text-red-700";
/** How many people a search offers. */
const SEARCH_LIMIT = 5;

type Answer = { ok: true; data: { data: Household | null } } | Parameters<typeof errorText>[0];

/** One member's line: their name (a link unless it is this page's person) and relationship. */
function MemberRow({
  member,
  personId,
  canWork,
  isBusy,
  error,
  onChange,
  onRemove,
}: {
  member: HouseholdMember;
  personId: string;
  canWork: boolean;
  isBusy: boolean;
  error: string | undefined;
  onChange: (relationship: HouseholdRelationship) => void;
  onRemove: () => void;
}) {
  const selectId = useId();
  const errorId = useId();
  const name = nameOf(member);
  const isPrimary = member.relationship === "primary";
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 wrap-anywhere">
          {member._id === personId ? (
            <span className="font-semibold text-navy-900">
              {name} <span className="font-normal text-slate-600">(this person)</span>
            </span>
          ) : (
            <Link
              to={`${viewInfo("people").path}/${member._id}`}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {name}
            </Link>
          )}
          {isPrimary || !canWork ? (
            <span className="ml-2 text-sm text-slate-700">
              {HOUSEHOLD_RELATIONSHIP_LABELS[member.relationship]}
            </span>
          ) : null}
        </p>
        {!isPrimary && canWork ? (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              {name}'s relationship
            </label>
            <select
              id={selectId}
              value={member.relationship}
              disabled={isBusy}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => onChange(event.target.value as HouseholdRelationship)}
              className={`${inputClass} w-auto`}
            >
              {HOUSEHOLD_RELATIONSHIPS.map((relationship) => (
                <option key={relationship} value={relationship}>
                  {HOUSEHOLD_RELATIONSHIP_LABELS[relationship]}
                </option>
              ))}
            </select>
            <button
              type="button"
              disabled={isBusy}
              onClick={onRemove}
              className={dangerButtonClass}
            >
              Remove<span className="sr-only"> {name} from the household</span>
            </button>
          </div>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className={`mt-1 ${errorClass}`}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** Finding a person by name, email or phone and adding them with a relationship. */
function AddMember({
  personId,
  household,
  onAdded,
}: {
  personId: string;
  household: Household | null;
  onAdded: (household: Household | null) => void;
}) {
  const { call } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [q, setQ] = useState("");
  const [results, setResults] = useState<Person[] | null>(null);
  const [chosen, setChosen] = useState<Person | null>(null);
  const [relationship, setRelationship] = useState<HouseholdRelationship>("spouse");
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const searchId = useId();
  const relationshipId = useId();
  const errorId = useId();
  const resultsId = useId();
  const inHousehold = new Set([personId, ...(household?.members.map((m) => m._id) ?? [])]);

  async function search(event: FormEvent) {
    event.preventDefault();
    if (q.trim() === "") {
      setError("Type a name, email or phone to find the person");
      return;
    }
    setIsBusy(true);
    setError(undefined);
    const result = await call(API_ENDPOINTS.people.list, {
      query: { q, limit: SEARCH_LIMIT, sort: "name" },
    });
    setIsBusy(false);
    if (!result.ok) {
      setResults(null);
      setError(errorText(result, silentFailureText(result)));
      return;
    }
    setResults(result.data.data.filter((p) => !inHousehold.has(p._id)));
    setChosen(null);
  }

  async function add() {
    if (!chosen) return;
    setIsBusy(true);
    setError(undefined);
    const result = await call(API_ENDPOINTS.households.link, {
      params: { id: personId },
      body: { personId: chosen._id, relationship },
    });
    setIsBusy(false);
    if (!result.ok) {
      setError(errorText(result, silentFailureText(result)));
      return;
    }
    onAdded(result.data.data);
    setIsOpen(false);
    setQ("");
    setResults(null);
    setChosen(null);
  }

  if (!isOpen) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setIsOpen(true)}>
        Add a member
      </button>
    );
  }
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
      <search>
        <form onSubmit={search} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 grow">
            <label htmlFor={searchId} className="block text-sm font-semibold text-slate-700">
              Find a person (name, email or phone)
            </label>
            <input
              id={searchId}
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              aria-describedby={error ? errorId : undefined}
              className={inputClass}
            />
          </div>
          <button type="submit" disabled={isBusy} className={secondaryButtonClass}>
            Search
          </button>
        </form>
      </search>
      {results ? (
        results.length === 0 ? (
          <p className="text-sm text-slate-700">No one else matches.</p>
        ) : (
          <fieldset>
            <legend id={resultsId} className="text-sm font-semibold text-slate-700">
              Choose who to add
            </legend>
            <ul className="mt-1 space-y-1">
              {results.map((person) => (
                <li key={person._id}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-2 wrap-anywhere">
                    <input
                      type="radio"
                      name={resultsId}
                      checked={chosen?._id === person._id}
                      onChange={() => setChosen(person)}
                      className="size-5"
                    />
                    <span>
                      <span className="font-semibold">{nameOf(person)}</span>{" "}
                      <span className="text-sm text-slate-700">
                        {[person.email || NO_EMAIL, person.phone ? formatPhone(person.phone) : ""]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )
      ) : null}
      {chosen ? (
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={relationshipId} className="block text-sm font-semibold text-slate-700">
              {nameOf(chosen)}'s relationship
            </label>
            <select
              id={relationshipId}
              value={relationship}
              onChange={(event) => setRelationship(event.target.value as HouseholdRelationship)}
              className={`${inputClass} w-auto`}
            >
              {HOUSEHOLD_RELATIONSHIPS.map((value) => (
                <option key={value} value={value}>
                  {HOUSEHOLD_RELATIONSHIP_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <button type="button" disabled={isBusy} onClick={add} className={primaryButtonClass}>
            Add to household
          </button>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className={errorClass}>
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => {
          setIsOpen(false);
          setError(undefined);
          setResults(null);
          setChosen(null);
        }}
      >
        Cancel
      </button>
    </div>
  );
}

/**
 * Who the person lives with (decision 0070): the household's primary person and members,
 * each linking to their page; staff who work leads add a member, change a relationship and
 * remove one, each error shown at the member or the form it concerns.
 */
export function HouseholdPanel({
  personId,
  household,
  onChanged,
}: {
  personId: string;
  household: Household | null;
  onChanged: (household: Household | null) => void;
}) {
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const headingId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const canWork = can(user, "leads.work");
  const primaryId = household?.primaryId ?? personId;

  async function settle(memberId: string, result: Answer, done: string) {
    setBusy(null);
    if (!result.ok) {
      setErrors({ [memberId]: errorText(result, silentFailureText(result)) });
      return;
    }
    setErrors({});
    onChanged(result.data.data);
    showToast(done);
  }

  async function change(member: HouseholdMember, relationship: HouseholdRelationship) {
    setBusy(member._id);
    const result = await call(API_ENDPOINTS.households.change, {
      params: { id: primaryId, memberId: member._id },
      body: { relationship },
    });
    await settle(member._id, result, `${nameOf(member)}'s relationship changed.`);
  }

  async function remove(member: HouseholdMember) {
    setBusy(member._id);
    const result = await call(API_ENDPOINTS.households.unlink, {
      params: { id: primaryId, memberId: member._id },
    });
    await settle(member._id, result, `${nameOf(member)} removed from the household.`);
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="mb-2 text-lg font-bold text-navy-900">
        Household
      </h3>
      {household ? (
        <ul className="mb-3 divide-y divide-slate-200">
          {household.members.map((member) => (
            <MemberRow
              key={member._id}
              member={member}
              personId={personId}
              canWork={canWork}
              isBusy={busy !== null}
              error={errors[member._id]}
              onChange={(relationship) => void change(member, relationship)}
              onRemove={() => void remove(member)}
            />
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-slate-700">Not in a household with anyone yet.</p>
      )}
      {canWork ? (
        <AddMember
          personId={personId}
          household={household}
          onAdded={(next) => {
            onChanged(next);
            showToast("Added to the household.");
          }}
        />
      ) : null}
    </section>
  );
}
