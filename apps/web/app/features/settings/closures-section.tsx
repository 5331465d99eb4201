// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import {
  type AffectedAppointment,
  API_ENDPOINTS,
  CLOSURE_END_TIMES,
  CLOSURE_MESSAGES,
  CLOSURE_START_TIMES,
  type ClosureInput,
  type ClosureRecord,
  ClosureSchema,
  displaySlot,
  todayInAgencyZone,
} from "@agency/domain";
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  dangerButtonClass,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { describedBy, FormAlert } from "../../components/form-controls";
import { Modal } from "../../components/modal";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { leadPath } from "../../lib/dashboard-views";

type Field = "date" | "from" | "to" | "reason" | "allDay";

/**
 * Visitors read the reason: the booking form and a booking's manage page say it of a closed
 * day (availableSlots' closedReason), and a booking refused in closed hours names it. Closed
 * hours otherwise show as taken, with no reason.
 */
const REASON_HINT = `Visitors see it. On a day closed all day, the booking form says: "${CLOSURE_MESSAGES.dayClosed("Training")}" Closed hours show as taken, and a booking that reaches one is refused with the reason.`;
type FieldErrors = Partial<Record<Field, string>>;

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** "2026-11-24" → "Tue, Nov 24, 2026" (a calendar date: no time zone to shift it). */
function formatDay(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
}

/** "Whole day" or "9:00 AM – 12:00 PM". */
function formatHours(closure: Pick<ClosureRecord, "allDay" | "from" | "to">): string {
  if (closure.allDay || closure.from === null || closure.to === null) return "Whole day";
  return `${displaySlot(closure.from)} – ${displaySlot(closure.to)}`;
}

const emptyForm = (): Required<Pick<ClosureInput, "date" | "reason">> & {
  allDay: boolean;
  from: string;
  to: string;
} => ({ date: "", allDay: true, from: "", to: "", reason: "" });

/**
 * Closed days and hours (users.manage; decision 0034): the upcoming closures, a form to
 * add one and a confirmed delete. A closure takes its times off the booking form at once;
 * appointments already booked in it stay and are listed here so staff can move or cancel
 * them.
 */
export function ClosuresSection() {
  const { call } = useAuth();
  const id = useId();
  const [closures, setClosures] = useState<ClosureRecord[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [affected, setAffected] = useState<AffectedAppointment[]>([]);
  const [isSaving, setIsSaving] = useState(false);
  const [toDelete, setToDelete] = useState<ClosureRecord | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const idOf = (field: Field) => `${id}-${field}`;

  const load = useCallback(async () => {
    const result = await call(API_ENDPOINTS.scheduling.closures);
    if (result.ok) {
      setClosures(result.data.data);
      setLoadError(null);
    } else setLoadError(errorText(result, "The closures could not be loaded."));
  }, [call]);

  useEffect(() => {
    void load();
  }, [load]);

  function showFieldErrors(errors: FieldErrors) {
    setFieldErrors(errors);
    const first = (["date", "allDay", "from", "to", "reason"] as const).find((f) => errors[f]);
    if (first)
      document.getElementById(first === "allDay" ? `${idOf(first)}-whole` : idOf(first))?.focus();
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSaving) return;
    setNotice(null);
    setFormError(null);
    setAffected([]);
    const body = form.allDay
      ? { date: form.date, allDay: true, reason: form.reason }
      : { date: form.date, allDay: false, from: form.from, to: form.to, reason: form.reason };
    const parsed = ClosureSchema.safeParse(body);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !errors[field]) errors[field] = issue.message;
      }
      showFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setIsSaving(true);
    const result = await call(API_ENDPOINTS.scheduling.addClosure, { body });
    setIsSaving(false);
    if (result.ok) {
      setNotice(result.data.message);
      setAffected(result.data.affected);
      setForm((previous) => ({ ...emptyForm(), date: previous.date }));
      await load();
      return;
    }
    if (result.status === 400 && result.errors.length > 0) {
      const errors: FieldErrors = {};
      for (const { field, message } of result.errors) {
        const key = field as Field;
        if (["date", "allDay", "from", "to", "reason"].includes(key) && !errors[key]) {
          errors[key] = message;
        }
      }
      if (Object.keys(errors).length > 0) {
        showFieldErrors(errors);
        return;
      }
    }
    setFormError(errorText(result, "The closure could not be added."));
  }

  async function confirmDelete() {
    if (!toDelete || isDeleting) return;
    setIsDeleting(true);
    setDeleteError(null);
    const result = await call(API_ENDPOINTS.scheduling.deleteClosure, {
      params: { id: toDelete._id },
    });
    setIsDeleting(false);
    if (!result.ok && result.status !== 404) {
      setDeleteError(errorText(result, "The closure could not be deleted."));
      return;
    }
    setToDelete(null);
    setAffected([]);
    setNotice(result.ok ? result.data.message : CLOSURE_MESSAGES.notFound);
    await load();
    listHeadingRef.current?.focus();
  }

  const errorOf = (field: Field) =>
    fieldErrors[field] ? (
      <p id={`${idOf(field)}-error`} className="mt-1 text-sm font-medium text-red-800">
        {fieldErrors[field]}
      </p>
    ) : null;
  const invalid = (field: Field) =>
    fieldErrors[field]
      ? { "aria-invalid": true as const, "aria-describedby": `${idOf(field)}-error` }
      : {};
  const labelClass = "mb-1 block text-sm font-semibold text-navy-900";

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="min-w-0 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 xl:col-span-2"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-navy-900">
        Closed days and hours
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-700">
        Closed times disappear from the booking form at once. Appointments already booked in them
        stay: move or cancel them. Times are Central time.
      </p>

      <form noValidate onSubmit={(event) => void add(event)} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor={idOf("date")} className={labelClass}>
              Date
            </label>
            <input
              id={idOf("date")}
              type="date"
              value={form.date}
              min={todayInAgencyZone(new Date())}
              onChange={(event) => setForm((f) => ({ ...f, date: event.target.value }))}
              className={cn(inputClass, fieldErrors.date && "border-red-700")}
              {...invalid("date")}
            />
            {errorOf("date")}
          </div>
          <fieldset
            className="min-w-0"
            {...(fieldErrors.allDay ? { "aria-describedby": `${idOf("allDay")}-error` } : {})}
          >
            <legend className={labelClass}>Closed for</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2 pt-1">
              {[
                { value: true, label: "The whole day", suffix: "whole" },
                { value: false, label: "Some hours", suffix: "hours" },
              ].map((choice) => (
                <label
                  key={choice.suffix}
                  htmlFor={`${idOf("allDay")}-${choice.suffix}`}
                  className="flex min-h-11 cursor-pointer items-center gap-2 text-base text-slate-900"
                >
                  <input
                    id={`${idOf("allDay")}-${choice.suffix}`}
                    type="radio"
                    name={`${id}-all-day`}
                    checked={form.allDay === choice.value}
                    onChange={() => setForm((f) => ({ ...f, allDay: choice.value }))}
                    className="size-5 accent-brand-700"
                  />
                  {choice.label}
                </label>
              ))}
            </div>
            {errorOf("allDay")}
          </fieldset>
        </div>
        {form.allDay ? null : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <div className="min-w-0">
              <label htmlFor={idOf("from")} className={labelClass}>
                From
              </label>
              <select
                id={idOf("from")}
                value={form.from}
                onChange={(event) => setForm((f) => ({ ...f, from: event.target.value }))}
                className={cn(inputClass, "cursor-pointer", fieldErrors.from && "border-red-700")}
                {...invalid("from")}
              >
                <option value="">Choose a start time</option>
                {CLOSURE_START_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {displaySlot(time)}
                  </option>
                ))}
              </select>
              {errorOf("from")}
            </div>
            <div className="min-w-0">
              <label htmlFor={idOf("to")} className={labelClass}>
                To
              </label>
              <select
                id={idOf("to")}
                value={form.to}
                onChange={(event) => setForm((f) => ({ ...f, to: event.target.value }))}
                className={cn(inputClass, "cursor-pointer", fieldErrors.to && "border-red-700")}
                {...invalid("to")}
              >
                <option value="">Choose an end time</option>
                {CLOSURE_END_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {displaySlot(time)}
                  </option>
                ))}
              </select>
              {errorOf("to")}
            </div>
          </div>
        )}
        <div className="min-w-0">
          <label htmlFor={idOf("reason")} className={labelClass}>
            Reason
          </label>
          <p id={`${idOf("reason")}-hint`} className="mb-1 text-sm text-slate-700">
            {REASON_HINT}
          </p>
          <input
            id={idOf("reason")}
            value={form.reason}
            placeholder="Office closed, Training…"
            onChange={(event) => setForm((f) => ({ ...f, reason: event.target.value }))}
            className={cn(inputClass, fieldErrors.reason && "border-red-700")}
            {...invalid("reason")}
            aria-describedby={describedBy(
              `${idOf("reason")}-hint`,
              fieldErrors.reason && `${idOf("reason")}-error`,
            )}
          />
          {errorOf("reason")}
        </div>
        <button type="submit" disabled={isSaving} className={primaryButtonClass}>
          {isSaving ? "Adding…" : "Add closure"}
        </button>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
      </form>

      <div role="status" aria-live="polite" className="mt-4">
        {notice ? (
          <p
            className={cn(
              "rounded-lg p-3 text-sm font-medium",
              affected.length > 0 ? "bg-amber-50 text-amber-950" : "bg-emerald-50 text-emerald-950",
            )}
          >
            {notice}
          </p>
        ) : null}
        {affected.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm">
            {affected.map((appointment) => (
              <li key={appointment._id} className="wrap-anywhere">
                <Link
                  to={leadPath("appointments", appointment._id)}
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  {appointment.name}
                </Link>{" "}
                – {formatDay(appointment.date)}, {displaySlot(appointment.time)} Central time
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <h3
        ref={listHeadingRef}
        tabIndex={-1}
        className="mt-6 mb-2 text-base font-bold text-navy-900 focus:outline-none focus-visible:outline-3"
      >
        Upcoming closures
      </h3>
      {loadError ? <FormAlert>{loadError}</FormAlert> : null}
      {closures === null && !loadError ? <p className="text-sm text-slate-700">Loading…</p> : null}
      {closures?.length === 0 ? (
        <p className="text-sm text-slate-700">No closures: every weekday slot can be booked.</p>
      ) : null}
      {closures && closures.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200">
          {closures.map((closure) => (
            <li key={closure._id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-semibold text-navy-900">
                  {formatDay(closure.date)} · {formatHours(closure)}
                </p>
                <p className="text-sm wrap-anywhere text-slate-700">
                  {closure.reason}
                  {closure.createdBy ? (
                    <span className="text-slate-600"> — added by {closure.createdBy}</span>
                  ) : null}
                </p>
              </div>
              <button
                type="button"
                className={dangerButtonClass}
                aria-label={`Delete the closure of ${formatDay(closure.date)}, ${formatHours(closure)}`}
                onClick={() => {
                  setDeleteError(null);
                  setToDelete(closure);
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {toDelete ? (
        <Modal
          role="alertdialog"
          labelledBy={`${id}-delete-title`}
          describedBy={`${id}-delete-text`}
          onClose={() => setToDelete(null)}
          initialFocusRef={cancelRef}
        >
          <div className="space-y-4 p-6">
            <h2 id={`${id}-delete-title`} className="text-lg font-bold text-navy-900">
              Delete this closure?
            </h2>
            <p id={`${id}-delete-text`} className="text-sm wrap-anywhere text-slate-700">
              {formatDay(toDelete.date)},{" "}
              {toDelete.allDay ? "the whole day" : `${formatHours(toDelete)} Central time`}:{" "}
              {toDelete.reason}. Those times can be booked again at once.
            </p>
            {deleteError ? <FormAlert>{deleteError}</FormAlert> : null}
            <div className="flex flex-wrap justify-end gap-3">
              <button
                ref={cancelRef}
                type="button"
                className={secondaryButtonClass}
                onClick={() => setToDelete(null)}
              >
                Keep it
              </button>
              <button
                type="button"
                disabled={isDeleting}
                className={primaryButtonClass}
                onClick={() => void confirmDelete()}
              >
                {isDeleting ? "Deleting…" : "Delete closure"}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
