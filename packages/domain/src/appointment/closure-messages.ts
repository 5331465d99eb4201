/**
 * Closures' limits and wording, apart from their schemas (closures.ts): the booking form
 * reads a refused booking with isClosureRefusal and starts without zod (docs/performance.md).
 */

/** How far ahead a closure can be set: far enough for next year's plans, no year 9999. */
export const CLOSURE_MAX_DAYS_AHEAD = 366;
export const CLOSURE_REASON_MAX_LENGTH = 100;

export const CLOSURE_MESSAGES = {
  dateRequired: "Closure date is required",
  dateInvalid: "Please enter a real date (YYYY-MM-DD)",
  datePast: "A closure cannot be in the past",
  dateTooFar: `Closures can be set up to ${CLOSURE_MAX_DAYS_AHEAD} days ahead`,
  dateWeekend: "Appointments are never booked on weekends, so there is nothing to close",
  dateHoliday: (holiday: string) =>
    `The office is already closed on ${holiday}, so there is nothing to close`,
  allDayRequired: "Choose whether the whole day is closed",
  fromRequired: "Start time is required",
  fromInvalid: "Please choose a start time from the list",
  toRequired: "End time is required",
  toInvalid: "Please choose an end time from the list",
  toBeforeFrom: "The end time must be after the start time",
  timesPassed: "Those times have already passed today",
  reasonRequired: "Reason is required (for example, Office closed or Training)",
  reasonTooLong: `Reason must be at most ${CLOSURE_REASON_MAX_LENGTH} characters`,
  notFound: "Closure not found",
  added: "Closure added. Those times can no longer be booked.",
  addedWithBookings: (count: number) =>
    `Closure added. ${count === 1 ? "1 appointment is" : `${count} appointments are`} already booked in that time: move or cancel ${count === 1 ? "it" : "them"}.`,
  deleted: "Closure deleted. Those times can be booked again.",
  /** What availability and a refused booking say of a whole closed day. */
  dayClosed: (reason: string) =>
    `The office is closed on that day (${reason}). Please choose another day.`,
  /** The 409 of a booking (or a reopened appointment) in closed hours. */
  slotClosed: (reason: string) => `That time is closed (${reason}). Please choose another time.`,
} as const;

const closurePrefix = (message: (reason: string) => string) => {
  const marked = message("\u0000");
  return marked.slice(0, marked.indexOf("\u0000"));
};
const CLOSURE_REFUSAL_PREFIXES = [
  closurePrefix(CLOSURE_MESSAGES.dayClosed),
  closurePrefix(CLOSURE_MESSAGES.slotClosed),
];

/** Whether a booking's 409 says the time was closed (the form then asks for the free times again). */
export function isClosureRefusal(message: string): boolean {
  return CLOSURE_REFUSAL_PREFIXES.some((prefix) => message.startsWith(prefix));
}
