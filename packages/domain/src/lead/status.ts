/**
 * Where a lead stands (beyond the spec: agencies work their leads). Each kind has its own
 * list; "new" is where every submission starts.
 */
export const QUOTE_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
export const CONTACT_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
export const APPOINTMENT_STATUSES = [
  "new",
  "contacted",
  "booked",
  "won",
  "lost",
  "no-show",
  "cancelled",
  "rescheduled",
] as const;

/** A quote still being worked: not decided (Won or Lost). The overview's "Active Quotes". */
export const OPEN_QUOTE_STATUSES = ["new", "contacted", "quoted"] as const;

/** An appointment in these statuses still holds its slot and counts as upcoming. */
export const OPEN_APPOINTMENT_STATUSES = ["new", "contacted", "booked"] as const;

/**
 * Cancelled and Rescheduled keep the record but give the slot back (issue 15); every other
 * status, Won, Lost and No-show included, keeps it: the time was kept for that person.
 */
export const SLOT_FREEING_STATUSES = ["cancelled", "rescheduled"] as const;

/** Whether a live appointment in this status holds a seat of its slot. */
export function holdsSlot(status: string): boolean {
  return !(SLOT_FREEING_STATUSES as readonly string[]).includes(status);
}

export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export type LeadStatus = QuoteStatus | ContactStatus | AppointmentStatus;

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  booked: "Booked",
  won: "Won",
  lost: "Lost",
  "no-show": "No-show",
  cancelled: "Canceled",
  rescheduled: "Rescheduled",
};

/** Whole days since the status last changed, on the calendar of the given instant. */
export function daysInStatus(statusChangedAt: string, now: Date = new Date()): number {
  const elapsed = now.getTime() - new Date(statusChangedAt).getTime();
  return Math.max(0, Math.floor(elapsed / 86_400_000));
}

/** Shown in lists and exports instead of a date of birth until someone reveals it. */
export const MASKED_DATE = "••••-••-••";

/** A licence number with all but the last 4 characters hidden. */
export function maskLicenseNumber(value: string): string {
  return `${"•".repeat(Math.max(0, value.length - 4))}${value.slice(-4)}`;
}
