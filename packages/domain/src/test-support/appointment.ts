/**
 * Booking requests and slot lists for tests, in the domain, the server and the web alike.
 */
import type { AppointmentInput } from "../appointment/schema.ts";

/**
 * A valid booking request as the appointment form sends it (Tuesday 24 November 2026, a slot
 * of the sample's and of the second profile's booking hours), with the fields a test sets.
 */
export function bookingRequest(fields: Partial<AppointmentInput> = {}) {
  return {
    name: "Mary-Kate O'Neil",
    email: "mary@example.com",
    phone: "(612) 555-0199",
    date: "2026-11-24",
    time: "10:00 AM",
    service: "Home Insurance",
    message: "I'd like to review my homeowners policy.",
    ...fields,
  } satisfies AppointmentInput;
}

/**
 * The hourly slots from one whole hour to another (24-hour clock, both included) as the API
 * writes them: hourlySlots(8, 15) is "08:00 AM" … "03:00 PM". Written out here on its own,
 * so a test compares what the domain derives with it.
 */
export function hourlySlots(firstHour: number, lastHour: number): string[] {
  return Array.from({ length: lastHour - firstHour + 1 }, (_, index) => {
    const hour = firstHour + index;
    const clock = hour % 12 === 0 ? 12 : hour % 12;
    return `${String(clock).padStart(2, "0")}:00 ${hour < 12 ? "AM" : "PM"}`;
  });
}
