import {
  API_ENDPOINTS,
  CONSENT_FORM_LABELS,
  CONSENT_NOTE_MAX_LENGTH,
  CONSENT_VIA_LABELS,
  type ConsentEntry,
  type ConsentForm,
  type ConsentVia,
  can,
  formatPhone,
  type PersonConsent,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import {
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { Modal } from "../../components/modal";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { formatDateTime, silentFailureText } from "../../lib/format";

const cardClass = "min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:p-5";

const day = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Chicago",
  year: "numeric",
  month: "short",
  day: "numeric",
});
/** "Nov 29, 2026", the agency's day. */
const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
};
const formLabel = (form: string) => CONSENT_FORM_LABELS[form as ConsentForm] ?? form;
const viaLabel = (via: string) => CONSENT_VIA_LABELS[via as ConsentVia] ?? via;

type State =
  | { phase: "loading" }
  | { phase: "ready"; consent: PersonConsent }
  | { phase: "error"; message: string };

/** "OK to call/text: yes, since Nov 29, 2026 (quote form)", or "no" and why. */
export function consentStandingText(consent: PersonConsent): string {
  const { since } = consent;
  if (consent.standing === "given" && since) {
    return `OK to call/text: yes, since ${formatDay(since.createdAt)} (${formLabel(since.form)})`;
  }
  if (consent.standing === "revoked" && since) {
    return `OK to call/text: no (revoked ${formatDay(since.createdAt)}, ${viaLabel(since.via)})`;
  }
  return "OK to call/text: no";
}

/**
 * A person's call/text consent (issue 30 §1, decision 0080): the standing, a revocation said
 * by phone recorded in one action, and the ledger (only ever added to) with its CSV.
 */
export function ConsentPanel({ personId, owner }: { personId: string; owner: string }) {
  const { call, user, download } = useAuth();
  const { showToast } = useDashboard();
  const [state, setState] = useState<State>({ phase: "loading" });
  const [isAsking, setIsAsking] = useState(false);
  const headingId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setState({ phase: "loading" });
    call(API_ENDPOINTS.consent.ofPerson, { params: { id: personId }, signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? { phase: "ready", consent: result.data.data }
            : { phase: "error", message: errorText(result, silentFailureText(result)) },
        );
      })
      .catch(() => {
        // Aborted: another person was opened.
      });
    return () => controller.abort();
  }, [call, personId]);

  async function exportCsv() {
    const ok = await download(API_ENDPOINTS.consent.exportCsv, { params: { id: personId } });
    if (!ok) showToast("The download failed. Please try again.", "error");
  }

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-bold text-navy-900">
          Calls and texts
        </h3>
        {state.phase === "ready" && can(user, "leads.export") ? (
          <button type="button" className={secondaryButtonClass} onClick={() => void exportCsv()}>
            Download CSV<span className="sr-only"> of {owner}'s consent record</span>
          </button>
        ) : null}
      </div>
      {state.phase === "loading" ? (
        <p className="text-sm text-slate-600">Loading consent…</p>
      ) : state.phase === "error" ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          The consent record could not be loaded: {state.message}
        </p>
      ) : (
        <>
          <p className="font-semibold wrap-anywhere text-slate-900">
            {consentStandingText(state.consent)}
          </p>
          {state.consent.standing !== "revoked" && can(user, "leads.work") ? (
            <div className="mt-3">
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setIsAsking(true)}
              >
                Record revocation<span className="sr-only"> for {owner}</span>
              </button>
            </div>
          ) : null}
          <ConsentLedger entries={state.consent.entries} />
          {isAsking ? (
            <RevokeDialog
              personId={personId}
              owner={owner}
              onCancel={() => setIsAsking(false)}
              onRecorded={(consent) => {
                setIsAsking(false);
                setState({ phase: "ready", consent });
                showToast("Revocation recorded: no more calls or texts.");
              }}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

/** Every entry, newest first: given or revoked, when, how, by whom. */
function ConsentLedger({ entries }: { entries: readonly ConsentEntry[] }) {
  if (entries.length === 0) {
    return <p className="mt-3 text-sm text-slate-600">No consent given or revoked yet.</p>;
  }
  return (
    <ol aria-label="Consent record" className="mt-3 space-y-2 text-sm">
      {[...entries].reverse().map((entry) => (
        <li key={entry._id} className="rounded-lg bg-slate-50 p-3 wrap-anywhere">
          <p className="font-semibold text-slate-900">
            {entry.event === "given" ? "Given" : "Revoked"},{" "}
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
          <p className="text-slate-700">
            {viaLabel(entry.via)}
            {entry.form ? ` (${formLabel(entry.form)}${entry.page ? `, ${entry.page}` : ""})` : ""}
            {" · "}
            {entry.by ? `by ${entry.by.name}` : "by the person"}
            {entry.phone ? ` · ${formatPhone(entry.phone)}` : ""}
          </p>
          {entry.wording ? (
            <p className="text-slate-600">
              Wording {entry.wordingVersion}: “{entry.wording}”
            </p>
          ) : null}
          {entry.note ? <p className="text-slate-700">Note: {entry.note}</p> : null}
        </li>
      ))}
    </ol>
  );
}

/** "Record a revocation?" with an optional note; one request per click, its key kept for a retry. */
function RevokeDialog({
  personId,
  owner,
  onCancel,
  onRecorded,
}: {
  personId: string;
  owner: string;
  onCancel: () => void;
  onRecorded: (consent: PersonConsent) => void;
}) {
  const { call } = useAuth();
  const [note, setNote] = useState("");
  const [error, setError] = useState("");
  const [isSending, setIsSending] = useState(false);
  const keyRef = useRef(crypto.randomUUID());
  const sendingRef = useRef(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const titleId = useId();
  const textId = useId();
  const noteId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sendingRef.current) return;
    sendingRef.current = true;
    setIsSending(true);
    setError("");
    const result = await call(API_ENDPOINTS.consent.revoke, {
      params: { id: personId },
      body: { note },
      idempotencyKey: keyRef.current,
    });
    sendingRef.current = false;
    setIsSending(false);
    if (result.ok) onRecorded(result.data.data);
    else setError(errorText(result, silentFailureText(result)));
  }

  return (
    <Modal
      role="alertdialog"
      labelledBy={titleId}
      describedBy={textId}
      onClose={() => {
        if (!sendingRef.current) onCancel();
      }}
      initialFocusRef={noteRef}
    >
      <form className="space-y-4 p-6" onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={titleId} className="text-lg font-bold wrap-anywhere text-navy-900">
          Record that {owner} revoked consent?
        </h2>
        <p id={textId} className="text-sm text-slate-700">
          For a revocation said by phone. It is honoured at once: the agency may no longer call or
          text {owner}. The record keeps who recorded it and when; it cannot be undone, only
          followed by a new consent.
        </p>
        <div>
          <label htmlFor={noteId} className="block text-sm font-semibold text-navy-900">
            Note (optional)
          </label>
          <textarea
            ref={noteRef}
            id={noteId}
            value={note}
            maxLength={CONSENT_NOTE_MAX_LENGTH}
            rows={3}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={inputClass}
          />
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" disabled={isSending} className={dangerButtonClass}>
            {isSending ? "Recording…" : "Record revocation"}
          </button>
        </div>
      </form>
    </Modal>
  );
}
