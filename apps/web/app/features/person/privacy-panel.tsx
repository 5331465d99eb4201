import {
  API_ENDPOINTS,
  can,
  type Disclosure,
  DisclosureInputSchema,
  ERASE_KEPT,
  ERASE_MESSAGES,
  eraseConfirmationMatches,
  todayInAgencyZone,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useState } from "react";
import {
  dangerButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { InputField, TextAreaField } from "../../components/form-controls";
import { Modal } from "../../components/modal";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { formatDateTime, silentFailureText } from "../../lib/format";
import { useFormSubmission } from "../../lib/use-form-submission";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";
const FIELDS = ["disclosedOn", "recipient", "what", "basis"] as const;
type Field = (typeof FIELDS)[number];
const isField = (field: string): field is Field => (FIELDS as readonly string[]).includes(field);

/** Recording one disclosure: the day, to whom, what and why (decision 0083). */
function RecordDisclosure({
  personId,
  onRecorded,
}: {
  personId: string;
  onRecorded: (disclosure: Disclosure) => void;
}) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const today = todayInAgencyZone(new Date());
  const empty = { disclosedOn: today, recipient: "", what: "", basis: "" };
  const [values, setValues] = useState<Record<Field, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const submission = useFormSubmission<Field>();
  const ids = { disclosedOn: useId(), recipient: useId(), what: useId(), basis: useId() };
  const set = (field: Field) => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    const parsed = DisclosureInputSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        if (isField(field) && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setIsBusy(true);
    setFormError(undefined);
    const body = parsed.data;
    const result = await submission.send(body, (idempotencyKey) =>
      call(API_ENDPOINTS.personPrivacy.addDisclosure, {
        params: { id: personId },
        body,
        idempotencyKey,
      }),
    );
    setIsBusy(false);
    if (result.ok) {
      onRecorded(result.data.data);
      setValues(empty);
      showToast("Disclosure recorded.");
      return;
    }
    const found: Partial<Record<Field, string>> = {};
    for (const error of result.errors) if (isField(error.field)) found[error.field] = error.message;
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setFormError(`The disclosure was not saved: ${errorText(result, silentFailureText(result))}`);
    }
  }

  return (
    <form className="mt-4 space-y-3" onSubmit={(event) => void submit(event)} noValidate>
      <h4 className="font-semibold text-navy-900">Record a disclosure</h4>
      <InputField
        id={ids.disclosedOn}
        label="Date disclosed"
        type="date"
        max={today}
        value={values.disclosedOn}
        error={errors.disclosedOn}
        onValueChange={set("disclosedOn")}
      />
      <InputField
        id={ids.recipient}
        label="Disclosed to (a carrier, a lender…)"
        value={values.recipient}
        error={errors.recipient}
        onValueChange={set("recipient")}
      />
      <TextAreaField
        id={ids.what}
        label="What was disclosed"
        rows={2}
        value={values.what}
        error={errors.what}
        onValueChange={set("what")}
      />
      <TextAreaField
        id={ids.basis}
        label="Why (the basis)"
        rows={2}
        value={values.basis}
        error={errors.basis}
        onValueChange={set("basis")}
      />
      {formError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError}
        </p>
      ) : null}
      <button type="submit" disabled={isBusy} className={primaryButtonClass}>
        {isBusy ? "Saving…" : "Record disclosure"}
      </button>
    </form>
  );
}

/** The erase confirmation: the person's name typed back, and what will be kept. */
function EraseDialog({
  personId,
  personName,
  names,
  onClose,
  onErased,
}: {
  personId: string;
  personName: string;
  names: { firstName: string; lastName: string };
  onClose: () => void;
  onErased: () => void;
}) {
  const { call } = useAuth();
  const titleId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const submission = useFormSubmission<"confirmName">();

  async function erase(event: FormEvent) {
    event.preventDefault();
    if (submission.isSending()) return;
    if (!typed.trim()) return setError(ERASE_MESSAGES.confirmRequired);
    if (!eraseConfirmationMatches(typed, names)) return setError(ERASE_MESSAGES.confirmMismatch);
    setIsBusy(true);
    const body = { confirmName: typed };
    const result = await submission.send(body, (idempotencyKey) =>
      call(API_ENDPOINTS.personPrivacy.erase, { params: { id: personId }, body, idempotencyKey }),
    );
    setIsBusy(false);
    if (result.ok) return onErased();
    setError(errorText(result, silentFailureText(result)));
    document.getElementById(inputId)?.focus();
  }

  return (
    <Modal
      labelledBy={titleId}
      describedBy={descriptionId}
      role="alertdialog"
      // The first control, the name's input, gets focus.
      onClose={onClose}
    >
      <form className="space-y-3 p-5" onSubmit={(event) => void erase(event)} noValidate>
        <h3 id={titleId} className="text-lg font-bold text-navy-900">
          Erase {personName}?
        </h3>
        <div id={descriptionId} className="space-y-2 text-sm text-slate-800">
          <p>
            Their quotes, messages, appointments, service requests and files, notes, tasks, emails
            and household links are deleted. This cannot be undone. They are emailed a summary.
          </p>
          <p className="font-semibold">What is kept, as the law requires:</p>
          <ul className="list-disc space-y-1 pl-5">
            {ERASE_KEPT.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <InputField
          id={inputId}
          label={`Type their name (${personName}) to confirm`}
          autoComplete="off"
          value={typed}
          error={error}
          onValueChange={(value) => {
            setTyped(value);
            setError(undefined);
          }}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Cancel
          </button>
          <button type="submit" disabled={isBusy} className={dangerButtonClass}>
            {isBusy ? "Erasing…" : "Erase this person"}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The person page's privacy section (issue 30 §2, decision 0083): the disclosure log with
 * its form, the export of everything held (privacy.manage) and the erasure (people.erase).
 */
export function PrivacyPanel({
  personId,
  personName,
  names,
  onErased,
}: {
  personId: string;
  personName: string;
  names: { firstName: string; lastName: string };
  onErased: () => void;
}) {
  const { call, download, user } = useAuth();
  const { showToast } = useDashboard();
  const headingId = useId();
  const [disclosures, setDisclosures] = useState<Disclosure[] | null>(null);
  const [loadError, setLoadError] = useState<string | undefined>();
  const [isExporting, setIsExporting] = useState(false);
  const [isErasing, setIsErasing] = useState(false);
  const canWork = can(user, "leads.work");

  useEffect(() => {
    if (!canWork) return;
    let isCurrent = true;
    void call(API_ENDPOINTS.personPrivacy.disclosures, { params: { id: personId } }).then(
      (result) => {
        if (!isCurrent) return;
        if (result.ok) setDisclosures(result.data.data);
        else setLoadError(errorText(result, silentFailureText(result)));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [call, personId, canWork]);

  async function exportAll() {
    setIsExporting(true);
    const ok = await download(API_ENDPOINTS.personPrivacy.export, { params: { id: personId } });
    setIsExporting(false);
    if (!ok) showToast("The export could not be downloaded. Please try again.", "error");
  }

  if (!canWork) return null;
  return (
    <section id="privacy" aria-labelledby={headingId} className={cardClass}>
      <h3 id={headingId} className="text-lg font-bold text-navy-900">
        Privacy
      </h3>
      <h4 className="mt-3 font-semibold text-navy-900">Disclosures</h4>
      {loadError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          The disclosures could not be loaded: {loadError}
        </p>
      ) : disclosures === null ? (
        <p className="text-sm text-slate-700">Loading disclosures…</p>
      ) : disclosures.length === 0 ? (
        <p className="text-sm text-slate-700">No disclosure is recorded.</p>
      ) : (
        <ul aria-label={`Disclosures of ${personName}`} className="divide-y divide-slate-200">
          {disclosures.map((disclosure) => (
            <li key={disclosure._id} className="py-2 text-sm wrap-anywhere">
              <p>
                <time dateTime={disclosure.disclosedOn} className="font-semibold">
                  {disclosure.disclosedOn}
                </time>{" "}
                to <span className="font-semibold">{disclosure.recipient}</span>
              </p>
              <p>{disclosure.what}</p>
              <p className="text-slate-700">Why: {disclosure.basis}</p>
              <p className="text-slate-600">
                Recorded by {disclosure.recordedByName || "a former staff member"},{" "}
                {formatDateTime(disclosure.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <RecordDisclosure
        personId={personId}
        onRecorded={(disclosure) => setDisclosures((previous) => [disclosure, ...(previous ?? [])])}
      />
      {can(user, "privacy.manage") || can(user, "people.erase") ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          {can(user, "privacy.manage") ? (
            <button
              type="button"
              disabled={isExporting}
              onClick={() => void exportAll()}
              className={secondaryButtonClass}
            >
              {isExporting ? "Preparing the ZIP…" : "Export everything (ZIP)"}
            </button>
          ) : null}
          {can(user, "people.erase") ? (
            <button type="button" onClick={() => setIsErasing(true)} className={dangerButtonClass}>
              Erase this person
            </button>
          ) : null}
        </div>
      ) : null}
      {isErasing ? (
        <EraseDialog
          personId={personId}
          personName={personName}
          names={names}
          onClose={() => setIsErasing(false)}
          onErased={() => {
            setIsErasing(false);
            showToast(`${personName} was erased.`);
            onErased();
          }}
        />
      ) : null}
    </section>
  );
}
