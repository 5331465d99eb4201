import {
  API_ENDPOINTS,
  can,
  type DuplicateReason,
  formatPhone,
  PERSON_MERGE_UNDO_DAYS,
  type PersonDuplicate,
} from "@agency/domain";
import { useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link } from "react-router";
import { primaryButtonClass, secondaryButtonClass } from "../../components/control-classes";
import { Modal } from "../../components/modal";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { viewInfo } from "../../lib/dashboard-views";
import { silentFailureText } from "../../lib/format";
import { NO_EMAIL, NO_PHONE, nameOf } from "./people-view";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";
const errorClass = "text-sm font-medium text-red-700";

/** Why the server suggests a person, as staff read it. */
export const DUPLICATE_REASON_LABELS: Record<DuplicateReason, string> = {
  "same-name-and-zip": "Same name and ZIP",
  "same-name-and-date-of-birth": "Same name and date of birth",
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
 * and ZIP or date of birth, each linking to their page. Shown only when there are some.
 * Staff who may archive (Manager and above, as the route) merge one into this person after
 * a confirmation; a toast offers Undo (the server keeps it undoable for 30 days). A refusal
 * shows at the suggestion it concerns.
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
  const { call, user } = useAuth();
  const { showToast } = useDashboard();
  const headingId = useId();
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [duplicates, setDuplicates] = useState<PersonDuplicate[]>([]);
  const [reloadCount, setReloadCount] = useState(0);
  const [toMerge, setToMerge] = useState<PersonDuplicate | null>(null);
  const [isMerging, setIsMerging] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A second click while the first merge is on its way sends nothing.
  const mergingRef = useRef(false);
  const canMerge = can(user, "leads.archive");

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

  const refresh = () => {
    setReloadCount((count) => count + 1);
    onMerged();
  };

  async function undo(mergeId: string, otherName: string) {
    const result = await call(API_ENDPOINTS.people.undoMerge, { params: { id: mergeId } });
    if (result.ok) {
      showToast(`Merge undone: ${otherName} is a separate person again.`);
      refresh();
    } else {
      showToast(
        `Failed to undo the merge: ${errorText(result, silentFailureText(result))}`,
        "error",
      );
    }
  }

  async function merge() {
    if (!toMerge || mergingRef.current) return;
    mergingRef.current = true;
    const other = toMerge.person;
    const otherName = nameOf(other);
    setIsMerging(true);
    const result = await call(API_ENDPOINTS.people.merge, {
      params: { id: personId },
      body: { otherId: other._id },
    });
    mergingRef.current = false;
    // Closed now, so the dialog gives focus back to its opener before `onMerged` moves it.
    flushSync(() => {
      setIsMerging(false);
      setToMerge(null);
    });
    if (!result.ok) {
      setErrors({ [other._id]: errorText(result, silentFailureText(result)) });
      return;
    }
    setErrors({});
    const { mergeId } = result.data.data;
    showToast(`${otherName} merged into ${personName}.`, "success", {
      label: "Undo",
      onAction: () => void undo(mergeId, otherName),
    });
    refresh();
  }

  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="mb-2 text-lg font-bold text-navy-900">
        Possible duplicates
      </h3>
      <p className="text-sm text-slate-700">
        They may be the same person as {personName}.
        {canMerge
          ? ` A merge moves their leads here, keeps both histories, and can be undone for ${PERSON_MERGE_UNDO_DAYS} days.`
          : ""}
      </p>
      <ul className="divide-y divide-slate-200">
        {duplicates.map((duplicate) => (
          <DuplicateRow
            key={duplicate.person._id}
            duplicate={duplicate}
            canMerge={canMerge}
            isBusy={isMerging}
            error={errors[duplicate.person._id]}
            onMerge={() => {
              setErrors({});
              setToMerge(duplicate);
            }}
          />
        ))}
      </ul>
      {toMerge ? (
        <Modal
          role="alertdialog"
          labelledBy={titleId}
          describedBy={textId}
          onClose={() => {
            if (!mergingRef.current) setToMerge(null);
          }}
          initialFocusRef={cancelRef}
        >
          <div className="space-y-4 p-6">
            <h2 id={titleId} className="text-lg font-bold wrap-anywhere text-navy-900">
              Merge {nameOf(toMerge.person)} into {personName}?
            </h2>
            <p id={textId} className="text-sm wrap-anywhere text-slate-700">
              Every lead of {nameOf(toMerge.person)} moves to {personName}, and both histories are
              kept. The merge can be undone for {PERSON_MERGE_UNDO_DAYS} days.
            </p>
            <div className="flex flex-wrap justify-end gap-3">
              <button
                ref={cancelRef}
                type="button"
                className={secondaryButtonClass}
                onClick={() => setToMerge(null)}
              >
                Keep them apart
              </button>
              <button
                type="button"
                disabled={isMerging}
                className={primaryButtonClass}
                onClick={() => void merge()}
              >
                {isMerging ? "Merging…" : "Merge"}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
