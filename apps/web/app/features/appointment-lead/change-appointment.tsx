import {
  API_ENDPOINTS,
  type AppointmentRecord,
  can,
  formatSlotTime,
  MANAGE_LIMITS,
} from "@agency/domain";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  dangerButtonClass,
  primaryButtonClass,
  secondaryButtonClass,
} from "../../components/control-classes";
import { FormAlert, TextAreaField } from "../../components/form-controls";
import { Modal } from "../../components/modal";
import { errorText, newIdempotencyKey } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { useDashboard } from "../../lib/dashboard-context";
import { RescheduleFields, useReschedule } from "../appointment";
import { formatAppointmentDay } from "./appointment-details";

/**
 * Staff move an appointment to another free slot or cancel it (decision 0035): the same
 * service as the visitor's link, and the customer is emailed the updated invitation (or the
 * cancellation). Offered for an appointment that still holds its time, to roles that work leads.
 */
export function ChangeAppointment({
  appointment,
  onCancelled,
}: {
  appointment: AppointmentRecord;
  onCancelled: (change: Partial<AppointmentRecord>) => void;
}) {
  const { user } = useAuth();
  const [open, setOpen] = useState<"move" | "cancel" | null>(null);
  const isChangeable =
    appointment.archivedAt === null &&
    appointment.status !== "cancelled" &&
    appointment.status !== "rescheduled";
  if (!can(user, "leads.work") || !isChangeable) return null;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        aria-haspopup="dialog"
        className={secondaryButtonClass}
        onClick={() => setOpen("move")}
      >
        Move<span className="sr-only"> {appointment.name}'s appointment</span>
      </button>
      <button
        type="button"
        aria-haspopup="dialog"
        className={secondaryButtonClass}
        onClick={() => setOpen("cancel")}
      >
        Cancel appointment
      </button>
      {open === "move" ? (
        <MoveDialog appointment={appointment} onClose={() => setOpen(null)} />
      ) : null}
      {open === "cancel" ? (
        <CancelDialog
          appointment={appointment}
          onClose={() => setOpen(null)}
          onCancelled={(change) => {
            setOpen(null);
            onCancelled(change);
          }}
        />
      ) : null}
    </div>
  );
}

function MoveDialog({
  appointment,
  onClose,
}: {
  appointment: AppointmentRecord;
  onClose: () => void;
}) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const navigate = useNavigate();
  const titleId = useId();
  const reschedule = useReschedule(appointment);
  const { date, time, errors } = reschedule;
  const [isBusy, setIsBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.form) alertRef.current?.focus();
  }, [errors.form]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reschedule.checkChosen()) return;
    setIsBusy(true);
    reschedule.clearErrors();
    const result = await call(API_ENDPOINTS.appointmentManage.staffMove, {
      params: { id: appointment._id },
      body: { date, time },
      idempotencyKey: key.current,
    });
    setIsBusy(false);
    if (result.ok && result.data?.success) {
      showToast(result.data.message);
      // The move is a new appointment; the old one stays, status Rescheduled.
      navigate(`/dashboard/appointments/${encodeURIComponent(result.data.data._id)}`);
      return;
    }
    key.current = newIdempotencyKey();
    const failed = "The appointment could not be moved. Please try again.";
    reschedule.showRefusal(
      result.ok
        ? { message: failed, fieldErrors: [], isSlotTaken: false }
        : {
            message: errorText(result, failed),
            fieldErrors: result.errors,
            isSlotTaken: result.status === 409,
          },
    );
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} size="lg">
      <form noValidate onSubmit={submit} aria-busy={isBusy || undefined} className="space-y-4 p-5">
        <h2 id={titleId} className="text-lg font-bold text-navy-900">
          Move {appointment.name}'s appointment
        </h2>
        <p className="text-sm text-slate-700">
          Now {formatAppointmentDay(appointment.date)} at {formatSlotTime(appointment.time)}. The
          customer is emailed the updated calendar invitation and a new link to manage it.
        </p>
        {errors.form ? (
          <FormAlert focusRef={alertRef} title="The appointment was not moved.">
            {errors.form}
          </FormAlert>
        ) : null}
        <RescheduleFields reschedule={reschedule} idPrefix={titleId} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButtonClass} disabled={isBusy}>
            {isBusy ? "Moving…" : "Move and email the customer"}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}

function CancelDialog({
  appointment,
  onClose,
  onCancelled,
}: {
  appointment: AppointmentRecord;
  onClose: () => void;
  onCancelled: (change: Partial<AppointmentRecord>) => void;
}) {
  const { call } = useAuth();
  const { showToast } = useDashboard();
  const titleId = useId();
  const [reason, setReason] = useState("");
  const [failure, setFailure] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setIsBusy(true);
    setFailure(undefined);
    const result = await call(API_ENDPOINTS.appointmentManage.staffCancel, {
      params: { id: appointment._id },
      body: { reason },
      idempotencyKey: key.current,
    });
    setIsBusy(false);
    if (result.ok && result.data?.success) {
      showToast(result.data.message);
      onCancelled({
        status: "cancelled",
        statusChangedAt: new Date().toISOString(),
        cancelReason: result.data.data.status === "cancelled" ? reason.trim() || null : null,
      });
      return;
    }
    key.current = newIdempotencyKey();
    setFailure(
      result.ok
        ? "The appointment could not be canceled. Please try again."
        : errorText(result, "The appointment could not be canceled. Please try again."),
    );
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose} role="alertdialog">
      <form noValidate onSubmit={submit} aria-busy={isBusy || undefined} className="space-y-4 p-5">
        <h2 id={titleId} className="text-lg font-bold text-navy-900">
          Cancel {appointment.name}'s appointment?
        </h2>
        <p className="text-sm text-slate-700">
          The time is freed and the customer is emailed a cancellation that removes it from their
          calendar. The record is kept, status Canceled.
        </p>
        {failure ? (
          <FormAlert focusRef={alertRef} title="The appointment was not canceled.">
            {failure}
          </FormAlert>
        ) : null}
        <TextAreaField
          id={`${titleId}-reason`}
          label="Reason"
          isOptional
          rows={2}
          maxLength={MANAGE_LIMITS.reasonMaxLength}
          value={reason}
          onValueChange={setReason}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={dangerButtonClass} disabled={isBusy}>
            {isBusy ? "Canceling…" : "Cancel and email the customer"}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={onClose}>
            Keep it
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Where a moved appointment went or came from, and why it was cancelled (decision 0035). */
export function MoveHistory({ appointment }: { appointment: AppointmentRecord }) {
  const { rescheduledFrom, rescheduledTo, cancelReason } = appointment;
  if (!rescheduledFrom && !rescheduledTo && !cancelReason) return null;
  const linkClass = "font-semibold text-brand-700 underline";
  return (
    <ul className="space-y-1 rounded-md bg-slate-50 p-3 text-sm text-slate-800">
      {rescheduledTo ? (
        <li>
          Moved to another time:{" "}
          <Link
            className={linkClass}
            to={`/dashboard/appointments/${encodeURIComponent(rescheduledTo)}`}
          >
            open the new appointment
          </Link>
        </li>
      ) : null}
      {rescheduledFrom ? (
        <li>
          Moved from an earlier booking:{" "}
          <Link
            className={linkClass}
            to={`/dashboard/appointments/${encodeURIComponent(rescheduledFrom)}`}
          >
            open the previous time
          </Link>
        </li>
      ) : null}
      {cancelReason ? <li className="wrap-anywhere">Cancellation reason: {cancelReason}</li> : null}
    </ul>
  );
}
