import {
  API_ENDPOINTS,
  type DuplicateReason,
  formatPhone,
  PERSON_MERGE_UNDO_DAYS,
  type PersonDuplicate,
} from "@agency/domain";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { useAuth } from "../../lib/auth";
import { viewInfo } from "../../lib/dashboard-views";
import { useMergePeople } from "./merge-people";
import { NO_EMAIL, NO_PHONE, nameOf } from "./people-view";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";
const errorClass = "text-sm font-medium text-red-700";

/** Why the server suggests a person, as staff read it. */
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  "same-name-and-zip": "Same name and ZIP",
  "same-name-and-date-of-birth": "Same name and date of birth",
  "similar-email": "Same email written differently",
};

/** One suggestion: who, how to reach them, why, and (for managers) Merge. */
function DuplicateRow({
  duplicate,
  canMerge,
  isBusy,
  error,
  onMerge,
}: {
  duplicate: PersonDuplicate;
  canMerge: boolean;
  isBusy: boolean;
  error: string | undefined;
  onMerge: () => void;
}) {
  const errorId = useId();
  const { person, reasons } = duplicate;
  const name = nameOf(person);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 wrap-anywhere">
          <Link
            to={`${viewInfo("people").path}/${person._id}`}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {name}
          </Link>
          <p className="text-sm text-slate-700">
            {person.email || NO_EMAIL} · {person.phone ? formatPhone(person.phone) : NO_PHONE}
          </p>
          <p className="text-sm text-slate-700">
            {reasons.map((reason) => DUPLICATE_REASON_LABELS[reason]).join(" · ")}
          </p>
        </div>
        {canMerge ? (
          <button
            type="button"
            disabled={isBusy}
            aria-describedby={error ? errorId : undefined}
            onClick={onMerge}
            className={secondaryButtonClass}
          >
            Merge into this person<span className="sr-only"> ({name})</span>
          </button>
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

/**
 * Possible duplicates of the person (issue 27 §1, decision 0066): others with the same name
 * and ZIP or date of birth, or the same email written differently, each linking to their
 * page. Shown only when there are some. Staff who may archive (Manager and above, as the
 * route) merge one into this person after a confirmation; a toast offers Undo
 * (useMergePeople). A refusal shows at the suggestion it concerns.
 */
export function DuplicatesPanel({
  personId,
  personName,
  onMerged,
}: {
  personId: string;
  personName: string;
  /** After a merge or its undo: read the person's page again. */
  onMerged: () => void;
}) {
  const { call } = useAuth();
  const headingId = useId();
  const [duplicates, setDuplicates] = useState<PersonDuplicate[]>([]);
  const [reloadCount, setReloadCount] = useState(0);
  const merging = useMergePeople({
    onChange: () => {
      setReloadCount((count) => count + 1);
      onMerged();
    },
  });

  useEffect(() => {
    const controller = new AbortController();
    void reloadCount;
    call(API_ENDPOINTS.people.duplicates, { params: { id: personId }, signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        // A failure only hides the suggestions: they are a hint, not the page.
        setDuplicates(result.ok && Array.isArray(result.data?.data) ? result.data.data : []);
      })
      .catch(() => {
        // Aborted: another person was opened.
      });
    return () => controller.abort();
  }, [call, personId, reloadCount]);

  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="mb-2 text-lg font-bold text-navy-900">
        Possible duplicates
      </h3>
      <p className="text-sm text-slate-700">
        They may be the same person as {personName}.
        {merging.canMerge
          ? ` A merge moves their leads here, keeps both histories, and can be undone for ${PERSON_MERGE_UNDO_DAYS} days.`
          : ""}
      </p>
      <ul className="divide-y divide-slate-200">
        {duplicates.map((duplicate) => (
          <DuplicateRow
            key={duplicate.person._id}
            duplicate={duplicate}
            canMerge={merging.canMerge}
            isBusy={merging.isMerging}
            error={merging.errorOf(personId, duplicate.person._id)}
            onMerge={() =>
              merging.ask({
                kept: { id: personId, name: personName },
                other: { id: duplicate.person._id, name: nameOf(duplicate.person) },
              })
            }
          />
        ))}
      </ul>
      {merging.dialog}
    </section>
  );
}
