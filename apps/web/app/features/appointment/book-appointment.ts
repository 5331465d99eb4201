import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentRoutes,
  type CalendarDate,
  isClosureRefusal,
} from "@agency/domain";
import {
  apiRequest,
  errorText,
  type FieldError,
  type RouteAnswer,
  type RoutePath,
} from "../../lib/api";

type BookRoute = (typeof AppointmentRoutes)["book"];
type SlotsRoute = (typeof AppointmentRoutes)["slots"];

export const BOOK_APPOINTMENT_PATH: RoutePath<BookRoute> = "/api/appointments/add-appointment";
export const AVAILABLE_SLOTS_PATH: RoutePath<SlotsRoute> = "/api/appointments/available-slots";

/** What the server answers for a booking (the contract's 201 `data`). */
export type BookedAppointment = RouteAnswer<BookRoute, 201>["data"];

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
): Promise<BookOutcome> {
  const result = await apiRequest<{ success?: unknown; data?: BookedAppointment }>(
    "POST",
    BOOK_APPOINTMENT_PATH,
    { body: appointment, idempotencyKey },
  );
  if (result.ok && result.data?.success === true && result.data.data) {
    return { ok: true, booking: result.data.data };
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
export type DaySlots = RouteAnswer<SlotsRoute, 200>;

/** Which of the day's slots are still free; undefined when the server could not say. */
export async function fetchDaySlots(
  date: CalendarDate,
  signal: AbortSignal,
): Promise<DaySlots | undefined> {
  const result = await apiRequest<DaySlots>(
    "GET",
    `${AVAILABLE_SLOTS_PATH}?date=${encodeURIComponent(date)}`,
    { signal },
  );
  return result.ok && Array.isArray(result.data?.slots) ? result.data : undefined;
}
