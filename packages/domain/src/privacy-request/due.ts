import type { CalendarDate } from "../calendar-date.ts";
import { serviceDueOn } from "../service/due-by.ts";
import { PRIVACY_REQUEST_DUE_BUSINESS_DAYS } from "./options.ts";

/**
 * The Central day a privacy request is due (decision 0082): the 30th business day after the
 * Central day it was verified on, skipping weekends and federal holidays (observed days
 * too). The agency's own closures do not move a legal deadline, so none are passed.
 */
export function privacyRequestDueOn(verifiedAt: Date): CalendarDate {
  return serviceDueOn(verifiedAt, PRIVACY_REQUEST_DUE_BUSINESS_DAYS);
}

/** Whether an open request is past its due date on the Central `today`. */
export function isPrivacyRequestOverdue(
  dueOn: string | null,
  today: CalendarDate,
  isClosed: boolean,
): boolean {
  return !isClosed && dueOn !== null && dueOn < today;
}
