import { AGENCY, type Appointment, formatPhone } from "@agency/domain";
import type { OutgoingMail } from "../mail/outbox.ts";
import { appointmentInvite } from "./ics.ts";

// Built once: creating an Intl formatter costs far more than formatting with it.
const longDateFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Monday, November 23, 2026" for a calendar date, whatever the server's zone. */
export function longDate(date: string): string {
  return longDateFormat.format(new Date(`${date}T12:00:00Z`));
}

export function appointmentMails(
  appointment: Appointment,
  meta: { id: string; notifyEmail: string; now: Date },
): OutgoingMail[] {
  const when = `${longDate(appointment.date)} at ${appointment.time} (Central Time)`;
  const related = { type: "appointment", id: meta.id };
  return [
    {
      kind: "appointment.agency",
      to: meta.notifyEmail,
      subject: `New appointment: ${appointment.name}, ${appointment.date} ${appointment.time}`,
      text: [
        `${appointment.name} booked a ${appointment.service} consultation for ${when}.`,
        "",
        `Email: ${appointment.email}`,
        `Phone: ${formatPhone(appointment.phone)}`,
        `Message: ${appointment.message || "No message provided"}`,
        "",
        `Appointment id: ${meta.id}. Please call to confirm.`,
      ].join("\n"),
      related,
    },
    {
      kind: "appointment.visitor",
      to: appointment.email,
      subject: `Your appointment request with ${AGENCY.name}: ${longDate(appointment.date)}`,
      // Nothing the visitor typed is repeated (name and message included): what a
      // stranger enters must never become the agency's mail to someone else's inbox.
      text: [
        "Hello,",
        "",
        `Your ${appointment.service} consultation is scheduled for ${when}`,
        `at our office, ${AGENCY.address.singleLine}. We'll contact you shortly to confirm the details.`,
        "",
        "The attached invitation adds it to your calendar.",
        `Need to change it? Call us at ${AGENCY.phone}.`,
        "If you did not book this, you can ignore this email.",
        "",
        AGENCY.name,
      ].join("\n"),
      attachments: [
        {
          filename: "appointment.ics",
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: appointmentInvite(
            {
              id: meta.id,
              date: appointment.date,
              time: appointment.time,
              service: appointment.service,
              attendeeEmail: appointment.email,
            },
            meta.now,
          ),
        },
      ],
      related,
    },
  ];
}
