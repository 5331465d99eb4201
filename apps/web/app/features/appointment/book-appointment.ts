import {
  API_ENDPOINTS,
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentRoutes,
  type CalendarDate,
  isClosureRefusal,
} from "@agency/domain";
import { callRoute, errorText, type FieldError, type RouteSuccess } from "../../lib/api";
import { rememberFirstTouch } from "../../lib/first-touch";
import { privacyField } from "../../lib/privacy-field";

type BookAnswer = RouteSuccess<(typeof AppointmentRoutes)["book"]>;

/** What the server answers for a booking (the contract's 201 `data`). */
export type BookedAppointment = BookAnswer["data"];

export type BookOutcome =
  | { ok: true; booking: BookedAppointment }
  | { ok: false; isSlotTaken: boolean; message: string; fieldErrors: FieldError[] };

/**
 * Books one appointment. The spec's failure text is "There was an error submitting your
 * appointment. Please try again."; some answers carry a better one from the server and
 * show it instead: the 409 when someone else took the slot first ("That time slot has
 * just been booked…") or the visitor already holds two upcoming bookings (call us), and
 * the 429 of the rate limit (when to try again).
 */
export async function bookAppointment(
  appointment: Appointment,
  idempotencyKey: string,
  contactConsent = false,
): Promise<BookOutcome> {
  const result = await callRoute(API_ENDPOINTS.appointments.book, {
    // Where the visitor first came from this session (decision 0074).
    // The notice shown and the optional call/text consent (decision 0080).
    body: {
      ...appointment,
      leadSource: rememberFirstTouch(),
      privacy: privacyField("booking", contactConsent),
    },
    idempotencyKey,
  });
  // Read defensively all the same: a broken answer may lack any field, or not be JSON.
  const answer: Partial<BookAnswer> | undefined = result.ok ? result.data : undefined;
  if (answer?.success === true && answer.data) {
    return { ok: true, booking: answer.data };
  }
  if (result.ok) {
    return {
      ok: false,
      isSlotTaken: false,
      message: APPOINTMENT_MESSAGES.submitFailed,
      fieldErrors: [],
    };
  }
  const isConflict = result.status === 409;
  const fallback = isConflict ? APPOINTMENT_MESSAGES.slotTaken : APPOINTMENT_MESSAGES.submitFailed;
  // The server's own words for a conflict (a taken slot, or this visitor's two upcoming
  // bookings) or too many requests; ours otherwise.
  const message = isConflict || result.status === 429 ? errorText(result, fallback) : fallback;
  // Only a taken or newly closed slot asks for the day's slots again; the per-person limit
  // is not about it.
  const isSlotTaken =
    isConflict && (message === APPOINTMENT_MESSAGES.slotTaken || isClosureRefusal(message));
  return { ok: false, isSlotTaken, message, fieldErrors: result.errors };
}

/** The day's slots as the contract answers them; `closedReason` says why none can be booked. */
export type DaySlots = RouteSuccess<(typeof AppointmentRoutes)["slots"]>;

/** Which of the day's slots are still free; undefined when the server could not say. */
export async function fetchDaySlots(
  date: CalendarDate,
  signal: AbortSignal,
): Promise<DaySlots | undefined> {
  const result = await callRoute(API_ENDPOINTS.appointments.slots, { query: { date }, signal });
  return result.ok && Array.isArray(result.data?.slots) ? result.data : undefined;
}
