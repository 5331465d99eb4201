import { APPOINTMENT_STATUSES, defaultEmailSubject, displaySlot } from "@agency/domain";
import { PhoneLink } from "../../components/phone-link";
import { EmailLink, LeadPage } from "../lead";
import { Details, formatAppointmentDay } from "./appointment-details";
import { ChangeAppointment, MoveHistory } from "./change-appointment";
import { ServiceBadge } from "./service-badge";

/** One appointment's page: /dashboard/appointments/:id. */
export function AppointmentLead({ id }: { id: string }) {
  return (
    <LeadPage
      view="appointments"
      id={id}
      statuses={APPOINTMENT_STATUSES}
      nameOf={(appointment) => appointment.name}
      emailOf={(appointment) => appointment.email}
      emailOpeningOf={(appointment) => ({
        firstName: appointment.name.trim().split(/\s+/)[0] ?? "",
        subject: defaultEmailSubject({ type: "appointment" }),
      })}
      summaryOf={(appointment) =>
        `${formatAppointmentDay(appointment.date)} · ${displaySlot(appointment.time)}`
      }
    >
      {(appointment, patch) => (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <ServiceBadge service={appointment.service} />
            <ChangeAppointment appointment={appointment} onCancelled={patch} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">When</dt>
            <dd className="font-medium text-slate-900">
              {formatAppointmentDay(appointment.date)} · {displaySlot(appointment.time)}
            </dd>
            <dt className="text-slate-600">Email</dt>
            <dd className="min-w-0 font-medium wrap-anywhere text-slate-900">
              <EmailLink email={appointment.email} />
            </dd>
            <dt className="text-slate-600">Phone</dt>
            <dd className="font-medium text-slate-900">
              <PhoneLink phone={appointment.phone} />
            </dd>
          </dl>
          <MoveHistory appointment={appointment} />
          <Details appointment={appointment} onDetailsChanged={patch} />
        </div>
      )}
    </LeadPage>
  );
}
