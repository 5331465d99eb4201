import { APPOINTMENT_ADMIN_MESSAGES, type AppointmentRecord } from "@agency/domain";
import { formatDateTime } from "../../lib/format";
import { type LeadWork, WorkPanel } from "../lead";
import { detailsOf, EditContactDetails, SourceNote } from "../lead-entry";

const appointmentDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});
export function formatAppointmentDay(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : appointmentDay.format(parsed);
}

/**
 * The message and when it was booked; with `onDetailsChanged`, Edit contact details too;
 * with `onWorkChanged`, the work panel while the row is open.
 */
export function Details({
  appointment,
  onDetailsChanged,
  isOpen = false,
  onWorkChanged,
}: {
  appointment: AppointmentRecord;
  onDetailsChanged?: (appointment: AppointmentRecord) => void;
  isOpen?: boolean;
  onWorkChanged?: (change: LeadWork) => void;
}) {
  return (
    <div className="space-y-2 text-sm">
      <div>
        <h4 className="font-semibold text-navy-900">Message</h4>
        <p className="wrap-anywhere whitespace-pre-line text-slate-800">
          {appointment.message.trim() || APPOINTMENT_ADMIN_MESSAGES.noMessage}
        </p>
      </div>
      <p className="text-slate-700">
        Booked{" "}
        <time dateTime={appointment.createdAt} className="font-semibold text-slate-900">
          {formatDateTime(appointment.createdAt)}
        </time>{" "}
        <SourceNote source={appointment.source} firstTouch={appointment.firstTouch} />
      </p>
      {onDetailsChanged ? (
        <EditContactDetails
          kind="appointment"
          id={appointment._id}
          current={detailsOf(appointment)}
          owner={appointment.name}
          onSaved={onDetailsChanged}
        />
      ) : null}
      {/* Mounted only while open: each panel loads its lead's notes. */}
      {isOpen && onWorkChanged ? (
        <WorkPanel
          kind="appointments"
          lead={appointment}
          owner={`${appointment.name}'s appointment`}
          onChanged={onWorkChanged}
        />
      ) : null}
    </div>
  );
}
