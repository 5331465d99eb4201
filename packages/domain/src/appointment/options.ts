import { AGENCY } from "../agency.ts";

export const APPOINTMENT_SERVICES = [
  "Auto Insurance",
  "Home Insurance",
  "Renters Insurance",
  "Business Insurance",
  "Trucker Insurance",
  "Other",
] as const;
export type AppointmentService = (typeof APPOINTMENT_SERVICES)[number];
export const DEFAULT_APPOINTMENT_SERVICE: AppointmentService = "Auto Insurance";

/**
 * A slot names its start time on the agency's clock, as the API writes it: "09:00 AM" (the
 * spec's format). The slots themselves come from the profile's bookingHours.
 */
export type TimeSlot = `${string}:${string} ${"AM" | "PM"}`;

/**
 * Hourly consultations, from the profile's bookingHours (derive-agency.ts): the sample's are
 * the spec's nine, "09:00 AM" to "05:00 PM" (decision 0060).
 */
export const TIME_SLOTS: readonly TimeSlot[] = AGENCY.bookingSlots as TimeSlot[];

export function isTimeSlot(value: string): value is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(value);
}

/** The first and last slot: the booking hours as the pages write them ("9:00 AM", "5:00 PM"). */
export const FIRST_SLOT: TimeSlot = TIME_SLOTS[0] as TimeSlot;
export const LAST_SLOT: TimeSlot = TIME_SLOTS[TIME_SLOTS.length - 1] as TimeSlot;

/** The first and last slot as people read them ("9:00 AM" and "5:00 PM"), for every text. */
export const BOOKING_HOURS_DISPLAY = {
  first: displaySlot(FIRST_SLOT),
  last: displaySlot(LAST_SLOT),
} as const;

/**
 * "9:00 AM" for the slot "09:00 AM": how a time is written to people, everywhere (issue 16
 * §3, decision 0041). The API keeps the spec's values ("09:00 AM").
 */
export function displaySlot(time: string): string {
  return time.replace(/^0(\d):/, "$1:");
}

/** "01:00 PM" → 780 (minutes after midnight). */
export function slotStartMinutes(slot: TimeSlot): number {
  const [clock = "", period] = slot.split(" ");
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  const hours24 = (hours % 12) + (period === "PM" ? 12 : 0);
  return hours24 * 60 + minutes;
}

/** Consultations take 30 to 45 minutes. */
export const APPOINTMENT_DURATION_MINUTES = { min: 30, max: 45 } as const;
