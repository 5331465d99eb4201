import {
  AGENCY,
  formatSlotTime,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  MANAGE_LIMITS,
  type ManagedBooking,
} from "@agency/domain";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ContactDetails } from "../../components/contact-details";
import { FormAlert, sendingButtonProps, TextAreaField } from "../../components/form-controls";
import { CalendarIcon, ClockIcon, PhoneIcon } from "../../components/icons/index";
import { PageHeading } from "../../components/page-heading";
import { newIdempotencyKey } from "../../lib/api";
import {
  cancelManagedBooking,
  type LoadOutcome,
  loadManagedBooking,
  rescheduleManagedBooking,
} from "./manage-booking";
import { RescheduleFields, useReschedule } from "./reschedule-fields";

const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Tuesday, November 24, 2026" for a calendar date, whatever the browser's zone. */
function formatLongDate(date: string): string {
  const instant = new Date(`${date}T12:00:00Z`);
  return Number.isNaN(instant.getTime()) ? date : longDate.format(instant);
}

/** What the visitor reads about where their booking stands. */
function statusText(status: string): string {
  if (status === "booked") return "Confirmed";
  if (status === "cancelled") return "Canceled";
  if (status === "new" || status === "contacted") return "Scheduled: we'll call to confirm";
  return LEAD_STATUS_LABELS[status as LeadStatus] ?? status;
}

type PageState =
  | LoadOutcome
  | { status: "loading" }
  | { status: "cancelled"; booking: ManagedBooking; message: string };

type Mode = "view" | "cancel" | "reschedule";

const buttonClass =
  "inline-flex min-h-12 items-center justify-center rounded-md px-5 py-3 font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60";
const primaryButton = `${buttonClass} bg-brand-700 text-white hover:bg-brand-800`;
const dangerButton = `${buttonClass} bg-red-700 text-white hover:bg-red-800`;
const secondaryButton = `${buttonClass} border border-slate-500 bg-white text-navy-900 hover:bg-slate-50`;

/**
 * A visitor's booking, reached by the link in its emails (decision 0035): see it, cancel it
 * (with a confirm step and an optional reason) or move it to another free slot.
 */
export function ManageBookingPage({ token }: { token: string }) {
  const [page, setPage] = useState<PageState>({ status: "loading" });
  const [mode, setMode] = useState<Mode>("view");
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLDivElement>(null);
  const outcomeRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    loadManagedBooking(token, controller.signal).then(setPage, () => undefined);
    return () => controller.abort();
  }, [token]);

  // A success, and a link found dead mid-way, are announced where focus lands.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (page.status === "cancelled" || page.status === "dead") outcomeRef.current?.focus();
  }, [page.status]);

  return (
    <>
      <PageHeading eyebrow="Appointments" title="Your appointment">
        <p>See your consultation, move it to another time or cancel it.</p>
      </PageHeading>
      <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14" aria-live="polite">
        {page.status === "loading" ? (
          <p className="text-slate-700" role="status">
            Loading your appointment…
          </p>
        ) : null}
        {page.status === "failed" ? (
          <FormAlert title="We could not load your appointment.">
            Please reload the page, or call us at{" "}
            <a className="underline" href={AGENCY.phoneHref}>
              {AGENCY.phone}
            </a>
            .
          </FormAlert>
        ) : null}
        {page.status === "dead" ? <DeadLink headingRef={outcomeRef} /> : null}
        {page.status === "cancelled" ? (
          <div className="space-y-6">
            <div className="rounded-2xl border border-emerald-700 bg-emerald-50 p-5 sm:p-6">
              <h2
                ref={outcomeRef}
                tabIndex={-1}
                className="text-2xl font-bold text-navy-900 focus:outline-none"
              >
                Your appointment is canceled
              </h2>
              <p className="mt-2 text-slate-800">{page.message}</p>
            </div>
            <BookingCard booking={page.booking} />
            <Link to="/appointments" className={primaryButton}>
              Book a new appointment
            </Link>
          </div>
        ) : null}
        {page.status === "ready" ? (
          <div className="space-y-6">
            {notice ? (
              <div
                ref={noticeRef}
                tabIndex={-1}
                role="status"
                className="rounded-lg border border-emerald-700 bg-emerald-50 p-4 font-medium text-emerald-900 focus:outline-none focus-visible:outline-3"
              >
                {notice}
              </div>
            ) : null}
            <BookingCard booking={page.booking} />
            {mode === "view" ? (
              <div className="flex flex-col gap-3 sm:flex-row">
                <button
                  type="button"
                  className={primaryButton}
                  onClick={() => {
                    setNotice(undefined);
                    setMode("reschedule");
                  }}
                >
                  Choose another time
                </button>
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => {
                    setNotice(undefined);
                    setMode("cancel");
                  }}
                >
                  Cancel appointment
                </button>
              </div>
            ) : null}
            {mode === "cancel" ? (
              <CancelPanel
                token={token}
                onClose={() => setMode("view")}
                onDead={() => setPage({ status: "dead" })}
                onCancelled={(booking, message) => {
                  setMode("view");
                  setPage({ status: "cancelled", booking, message });
                }}
              />
            ) : null}
            {mode === "reschedule" ? (
              <ReschedulePanel
                token={token}
                current={page.booking}
                onClose={() => setMode("view")}
                onDead={() => setPage({ status: "dead" })}
                onMoved={(booking, message) => {
                  setMode("view");
                  setPage({ status: "ready", booking });
                  setNotice(message);
                }}
              />
            ) : null}
          </div>
        ) : null}
      </section>
    </>
  );
}

function DeadLink({ headingRef }: { headingRef: React.Ref<HTMLHeadingElement> }) {
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-navy-900 focus:outline-none"
      >
        This link no longer works
      </h2>
      <p className="text-slate-800">
        The appointment has already started, was canceled, or was moved (the newest email about it
        has the current link). To make a change, please call us: we're happy to help.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <a href={AGENCY.phoneHref} className={`${primaryButton} gap-2`}>
          <PhoneIcon />
          Call {AGENCY.phone}
        </a>
        <Link to="/appointments" className={secondaryButton}>
          Book a new appointment
        </Link>
      </div>
    </div>
  );
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-sm font-semibold text-slate-600">
        <span className="text-brand-700" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold break-words text-navy-900">{children}</dd>
    </div>
  );
}

function BookingCard({ booking }: { booking: ManagedBooking }) {
  return (
    <article
      aria-labelledby="booking-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="booking-title" className="text-xl font-bold text-navy-900 sm:text-2xl">
        {booking.service} consultation
      </h2>
      <p className="mt-1 text-slate-700">
        Booked for {booking.name} · {statusText(booking.status)}
      </p>
      <dl className="mt-5 grid gap-4 sm:grid-cols-2">
        <Detail icon={<CalendarIcon />} label="Date">
          {formatLongDate(booking.date)}
        </Detail>
        <Detail icon={<ClockIcon />} label="Time">
          {formatSlotTime(booking.time)}
        </Detail>
      </dl>
      <div className="mt-5 border-t border-slate-200 pt-5">
        <ContactDetails className="grid gap-4 sm:grid-cols-2" />
      </div>
    </article>
  );
}

function CancelPanel({
  token,
  onClose,
  onDead,
  onCancelled,
}: {
  token: string;
  onClose: () => void;
  onDead: () => void;
  onCancelled: (booking: ManagedBooking, message: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [reasonError, setReasonError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The button stays focusable while busy (aria-disabled): never a second request.
    if (isBusy) return;
    setIsBusy(true);
    setError(undefined);
    const outcome = await cancelManagedBooking(token, { reason }, key.current);
    setIsBusy(false);
    if (outcome.ok) return onCancelled(outcome.booking, outcome.message);
    if (outcome.isDead) return onDead();
    setReasonError(outcome.fieldErrors.find((f) => f.field === "reason")?.message);
    setError(outcome.message);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="cancel-title"
      aria-busy={isBusy || undefined}
      className="space-y-4 rounded-2xl border border-red-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2
        id="cancel-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-navy-900 focus:outline-none"
      >
        Cancel this appointment?
      </h2>
      <p className="text-slate-700">
        The time will be offered to others. We'll email you a confirmation that removes it from your
        calendar.
      </p>
      {error ? (
        <FormAlert focusRef={alertRef} title="The appointment was not canceled." offersPhone>
          {error}
        </FormAlert>
      ) : null}
      <TextAreaField
        id="cancel-reason"
        label="Reason"
        isOptional
        rows={3}
        maxLength={MANAGE_LIMITS.reasonMaxLength}
        value={reason}
        error={reasonError}
        hint="Tell us why, if you like: it helps us improve."
        onValueChange={setReason}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={dangerButton} {...sendingButtonProps(isBusy)}>
          {isBusy ? "Canceling…" : "Yes, cancel it"}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose} disabled={isBusy}>
          Keep my appointment
        </button>
      </div>
    </form>
  );
}

function ReschedulePanel({
  token,
  current,
  onClose,
  onDead,
  onMoved,
}: {
  token: string;
  current: ManagedBooking;
  onClose: () => void;
  onDead: () => void;
  onMoved: (booking: ManagedBooking, message: string) => void;
}) {
  const reschedule = useReschedule(current);
  const { date, time, errors } = reschedule;
  const [isBusy, setIsBusy] = useState(false);
  // A 429 (the link's moves for today are used up): the way forward is a call.
  const [mustCall, setMustCall] = useState(false);
  const key = useRef(newIdempotencyKey());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (errors.form) alertRef.current?.focus();
  }, [errors.form]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || !reschedule.checkChosen()) return;
    setIsBusy(true);
    reschedule.clearErrors();
    setMustCall(false);
    const outcome = await rescheduleManagedBooking(token, { date, time }, key.current);
    setIsBusy(false);
    if (outcome.ok) return onMoved(outcome.booking, outcome.message);
    if (outcome.isDead) return onDead();
    setMustCall(outcome.isTooMany);
    // A new attempt is a new request: the failed one stored nothing.
    key.current = newIdempotencyKey();
    reschedule.showRefusal(outcome);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="reschedule-title"
      aria-busy={isBusy || undefined}
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2
        id="reschedule-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-bold text-navy-900 focus:outline-none"
      >
        Choose another time
      </h2>
      <p className="text-slate-700">
        Your current time stays booked until the new one is confirmed here.
      </p>
      {errors.form ? (
        <FormAlert
          focusRef={alertRef}
          title="Your appointment was not moved."
          offersPhone={!mustCall}
        >
          <p>{errors.form}</p>
          {mustCall ? (
            <a href={AGENCY.phoneHref} className={`${primaryButton} mt-3 gap-2`}>
              <PhoneIcon />
              Call {AGENCY.phone}
            </a>
          ) : null}
        </FormAlert>
      ) : null}
      <RescheduleFields
        reschedule={reschedule}
        idPrefix="reschedule"
        dateHint="Monday to Friday; closed on federal holidays."
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" className={primaryButton} {...sendingButtonProps(isBusy)}>
          {isBusy ? "Moving…" : "Move my appointment"}
        </button>
        <button type="button" className={secondaryButton} onClick={onClose} disabled={isBusy}>
          Keep the current time
        </button>
      </div>
    </form>
  );
}
