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

/** Hourly consultations; each slot names its start time on the agency's clock. */
export const TIME_SLOTS = [
  "09:00 AM",
  "10:00 AM",
  "11:00 AM",
  "12:00 PM",
  "01:00 PM",
  "02:00 PM",
  "03:00 PM",
  "04:00 PM",
  "05:00 PM",
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export function isTimeSlot(value: string): value is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(value);
}

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
