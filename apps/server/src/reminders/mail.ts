import {
  AGENCY_DAY_LIST_MESSAGES,
  type AgencyDayListItem,
  REMINDER_MESSAGES,
} from "@agency/domain";
import type { OutgoingMail } from "../mail/outbox.ts";

/** Outbox kinds, for operators: the visitor's reminder and the agency's list of a day. */
export const REMINDER_KIND = "appointment.reminder";
export const AGENCY_DAY_LIST_KIND = "appointments.agency-day-list";
/** The day lists' outbox rows point at their day (retention purges them by age). */
export const AGENCY_DAY_LIST_RELATED = "agency-day-list";

export function reminderMail(
  appointment: { id: string; email: string; service: string },
  startsAt: Date,
): OutgoingMail {
  return {
    kind: REMINDER_KIND,
    to: appointment.email,
    subject: REMINDER_MESSAGES.subject(startsAt),
    text: REMINDER_MESSAGES.text(appointment, startsAt),
    related: { type: "appointment", id: appointment.id },
  };
}

export function agencyDayListMail(
  day: string,
  items: readonly AgencyDayListItem[],
  notifyEmail: string,
): OutgoingMail {
  return {
    kind: AGENCY_DAY_LIST_KIND,
    to: notifyEmail,
    subject: AGENCY_DAY_LIST_MESSAGES.subject(day, items.length),
    text: AGENCY_DAY_LIST_MESSAGES.text(day, items),
    related: { type: AGENCY_DAY_LIST_RELATED, id: day },
  };
}
