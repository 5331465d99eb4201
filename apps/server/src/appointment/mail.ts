import {
  AGENCY,
  type Appointment,
  formatPhone,
  formatSlotTime,
  slotStartInstant,
  type TimeSlot,
} from "@agency/domain";
import { leadPageLine } from "../mail/lead-link.ts";
import type { OutgoingMail } from "../mail/outbox.ts";
import { appointmentInvite, type InviteMethod, inviteContentType } from "./ics.ts";

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

/** "Monday, November 23, 2026 at 9:00 AM Central time" */
function when(slot: { date: string; time: string }): string {
  return `${longDate(slot.date)} at ${formatSlotTime(slot.time)}`;
}

/** The visitor's link to their booking (decision 0035), and how long it works. */
export type ManageLink = { url: string; expiresAt: Date };

/** The manage link of a booking at this slot: it dies when the appointment starts. */
export function manageLink(publicUrl: string, token: string, slot: Slot): ManageLink {
  return {
    url: `${publicUrl}/appointments/manage/${token}`,
    expiresAt: slotStartInstant(slot.date, slot.time),
  };
}

type Slot = { date: string; time: TimeSlot };

/** The one appointment the invitation describes, as the calendar knows it. */
export type InviteFacts = Slot & {
  id: string;
  email: string;
  service: string;
  icsUid: string;
  sequence: number;
};

function inviteAttachment(facts: InviteFacts, method: InviteMethod, now: Date) {
  return {
    filename: method === "CANCEL" ? "cancellation.ics" : "appointment.ics",
    contentType: inviteContentType(method),
    content: appointmentInvite(
      {
        uid: facts.icsUid,
        sequence: facts.sequence,
        method,
        date: facts.date,
        time: facts.time,
        service: facts.service,
        attendeeEmail: facts.email,
      },
      now,
    ),
  };
}

/**
 * The link's lines in a visitor's mail. The message carries a bearer link, so it is queued
 * with the link's expiry: its stored body is blanked once sent (mail/secrets.ts).
 */
function linkLines(link: ManageLink): string[] {
  return [
    "To cancel or choose another time, use this link (it works until the appointment starts;",
    "anyone with it can change your booking, so please don't forward this email):",
    link.url,
  ];
}

export function appointmentMails(
  appointment: Appointment,
  meta: { id: string; notifyEmail: string; now: Date; link: ManageLink; publicUrl: string },
): OutgoingMail[] {
  const related = { type: "appointment", id: meta.id };
  return [
    {
      kind: "appointment.agency",
      to: meta.notifyEmail,
      subject: `New appointment: ${appointment.name}, ${appointment.date} ${appointment.time}`,
      text: [
        `${appointment.name} booked a consultation about ${appointment.service} for ${when(appointment)}.`,
        leadPageLine(meta.publicUrl, "appointments", meta.id),
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
        `Your ${appointment.service} consultation is scheduled for ${when(appointment)}`,
        `at our office, ${AGENCY.address.singleLine}. We'll contact you shortly to confirm the details.`,
        "",
        "The attached invitation adds it to your calendar.",
        "",
        ...linkLines(meta.link),
        "",
        `Questions? Call us at ${AGENCY.phone}.`,
        "If you did not book this, you can ignore this email.",
        "",
        AGENCY.name,
      ].join("\n"),
      attachments: [
        inviteAttachment(
          {
            id: meta.id,
            date: appointment.date,
            time: appointment.time,
            service: appointment.service,
            email: appointment.email,
            icsUid: meta.id,
            sequence: 0,
          },
          "REQUEST",
          meta.now,
        ),
      ],
      related,
      secretExpiresAt: meta.link.expiresAt,
    },
  ];
}

/** Who made a change: the visitor (by their link) or staff (from the dashboard). */
export type ChangedBy = "visitor" | "staff";

/**
 * A moved appointment: the visitor gets the updated invitation (same UID, higher SEQUENCE)
 * and the link, which now manages the new time; the agency is told when the visitor moved
 * it (staff know already).
 */
export function rescheduleMails(input: {
  name: string;
  phone: string;
  previous: Slot;
  next: InviteFacts;
  link: ManageLink;
  notifyEmail: string;
  publicUrl: string;
  by: ChangedBy;
  now: Date;
}): OutgoingMail[] {
  const { next } = input;
  const related = { type: "appointment", id: next.id };
  const mails: OutgoingMail[] = [
    {
      kind: "appointment.visitor.rescheduled",
      to: next.email,
      subject: `Your appointment with ${AGENCY.name} has moved: ${longDate(next.date)}`,
      text: [
        "Hello,",
        "",
        input.by === "staff"
          ? `As agreed with our team, your ${next.service} consultation has moved.`
          : `Your ${next.service} consultation has moved.`,
        `New time: ${when(next)}, at our office, ${AGENCY.address.singleLine}.`,
        `It was: ${when(input.previous)}.`,
        "",
        "The attached invitation updates the event in your calendar.",
        "",
        ...linkLines(input.link),
        "",
        `Questions? Call us at ${AGENCY.phone}.`,
        "",
        AGENCY.name,
      ].join("\n"),
      attachments: [inviteAttachment(next, "REQUEST", input.now)],
      related,
      secretExpiresAt: input.link.expiresAt,
    },
  ];
  if (input.by === "visitor") {
    mails.push({
      kind: "appointment.agency.rescheduled",
      to: input.notifyEmail,
      subject: `Appointment moved: ${input.name}, now ${next.date} ${next.time}`,
      text: [
        `${input.name} moved their ${next.service} consultation from ${when(input.previous)}`,
        `to ${when(next)}.`,
        leadPageLine(input.publicUrl, "appointments", next.id),
        "",
        `Email: ${next.email}`,
        `Phone: ${formatPhone(input.phone)}`,
        "",
        `Appointment id: ${next.id}. Please call to confirm the new time.`,
      ].join("\n"),
      related,
    });
  }
  return mails;
}

/** A cancelled appointment: the visitor's calendar drops it (METHOD:CANCEL); the agency is told. */
export function cancellationMails(input: {
  name: string;
  phone: string;
  appointment: InviteFacts;
  reason: string;
  notifyEmail: string;
  publicUrl: string;
  by: ChangedBy;
  now: Date;
}): OutgoingMail[] {
  const { appointment } = input;
  const related = { type: "appointment", id: appointment.id };
  const mails: OutgoingMail[] = [
    {
      kind: "appointment.visitor.cancelled",
      to: appointment.email,
      subject: `Your appointment with ${AGENCY.name} is canceled: ${longDate(appointment.date)}`,
      text: [
        "Hello,",
        "",
        `Your ${appointment.service} consultation on ${when(appointment)} has been canceled.`,
        "The attached update removes it from your calendar.",
        "",
        `To book another time: ${AGENCY.siteUrl}/appointments, or call us at ${AGENCY.phone}.`,
        "",
        AGENCY.name,
      ].join("\n"),
      attachments: [inviteAttachment(appointment, "CANCEL", input.now)],
      related,
    },
  ];
  if (input.by === "visitor") {
    mails.push({
      kind: "appointment.agency.cancelled",
      to: input.notifyEmail,
      subject: `Appointment canceled: ${input.name}, ${appointment.date} ${appointment.time}`,
      text: [
        `${input.name} canceled their ${appointment.service} consultation on ${when(appointment)}.`,
        `Reason: ${input.reason || "None given"}`,
        leadPageLine(input.publicUrl, "appointments", appointment.id),
        "",
        `Email: ${appointment.email}`,
        `Phone: ${formatPhone(input.phone)}`,
        "",
        `Appointment id: ${appointment.id}. The time is free again.`,
      ].join("\n"),
      related,
    });
  }
  return mails;
}
