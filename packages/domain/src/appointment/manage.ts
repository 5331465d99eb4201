import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { optionalText } from "../schema-helpers.ts";
import { displaySlot } from "./options.ts";
import { RescheduleSchema } from "./schema.ts";

/**
 * A visitor manages a booking from the link in its confirmation email, without an account
 * (issue 15; decision 0035); staff move or cancel one from the dashboard with the same rules.
 */
export const MANAGE_LIMITS = {
  reasonMaxLength: 500,
  /**
   * Moves one booking's link may make per Central calendar day: each move emails the
   * visitor and the agency, so a link must not move a booking without end (issue 24 §4).
   */
  visitorMovesPerDay: 3,
} as const;

export const MANAGE_MESSAGES = {
  /** Unknown, malformed and dead tokens get this same answer: it tells nobody which. */
  linkDead: (phone: string) =>
    `This link no longer works: the appointment has passed, was canceled or was moved (the newest email about it has the current link). To make a change, call us at ${phone}.`,
  cancelled: "Your appointment has been canceled. We've emailed you a confirmation.",
  rescheduled: "Your appointment has been moved. We've emailed you the updated invitation.",
  staffCancelled: "Appointment canceled. The customer has been emailed.",
  staffMoved: "Appointment moved. The customer has been emailed the updated invitation.",
  sameSlot: "That is already the appointment's time. Please choose another time.",
  notMovable: "Only an upcoming appointment that is not canceled or moved can be changed.",
  /** The 429 once a link has made MANAGE_LIMITS.visitorMovesPerDay moves today (Central). */
  tooManyMoves: (limit: number, phone: string) =>
    `This appointment has already been moved ${limit} times today, the most we can take online in one day. To change it again, please call us at ${phone}: we're happy to help.`,
  reasonTooLong: `Reason must be less than ${MANAGE_LIMITS.reasonMaxLength + 1} characters`,
  reasonInvalid: "Reason must be text",
} as const;

/** What the manage page shows: the booking, nothing else about the person but the name. */
export const ManagedBookingSchema = z.object({
  name: z.string(),
  date: z.string(),
  time: z.string(),
  service: z.string(),
  status: z.string(),
});
export type ManagedBooking = z.output<typeof ManagedBookingSchema>;

export const ManageTokenParamsSchema = z.object({ token: z.string() });

export const CancelBookingSchema = z.object({
  reason: optionalText(
    MANAGE_LIMITS.reasonMaxLength,
    MANAGE_MESSAGES.reasonTooLong,
    MANAGE_MESSAGES.reasonInvalid,
    "multiline",
  ).default(""),
});
export type CancelBooking = z.output<typeof CancelBookingSchema>;

export const ManageAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ManagedBookingSchema,
});
export type ManageAnswer = z.output<typeof ManageAnswerSchema>;

export const StaffMoveAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The appointment's new record (the old one is kept, status Rescheduled). */
  data: z.object({ _id: z.string(), date: z.string(), time: z.string() }),
});
export type StaffMoveAnswer = z.output<typeof StaffMoveAnswerSchema>;

export const AppointmentManageRoutes = {
  booking: defineRoute({
    method: "GET",
    path: "/api/appointments/manage/:token",
    summary: "A booking by its manage link (404 when the link is unknown or no longer works)",
    access: "public",
    params: ManageTokenParamsSchema,
    responses: { 200: ManagedBookingSchema },
  }),
  cancel: defineRoute({
    method: "POST",
    path: "/api/appointments/manage/:token/cancel",
    summary: "Cancel a booking by its manage link (the slot is freed, the record kept)",
    access: "public",
    params: ManageTokenParamsSchema,
    body: CancelBookingSchema,
    responses: { 200: ManageAnswerSchema },
  }),
  /** The server binds the body's clock rules (past days, the horizon) per request. */
  reschedule: defineRoute({
    method: "POST",
    path: "/api/appointments/manage/:token/reschedule",
    summary: `Move a booking to another free slot by its manage link (409 when it is taken; 429 with Retry-After once the link has moved it ${MANAGE_LIMITS.visitorMovesPerDay} times that Central day)`,
    access: "public",
    params: ManageTokenParamsSchema,
    body: RescheduleSchema,
    responses: { 200: ManageAnswerSchema },
  }),
  staffMove: defineRoute({
    method: "POST",
    path: "/api/appointments/:id/move",
    summary: "Move an appointment to another free slot; the customer is emailed",
    access: "leads.work",
    params: IdParamsSchema,
    body: RescheduleSchema,
    responses: { 200: StaffMoveAnswerSchema },
  }),
  staffCancel: defineRoute({
    method: "POST",
    path: "/api/appointments/:id/cancel",
    summary: "Cancel an appointment; the customer is emailed the cancellation",
    access: "leads.work",
    params: IdParamsSchema,
    body: CancelBookingSchema,
    responses: { 200: ManageAnswerSchema },
  }),
};

/** "09:00 AM" → "9:00 AM Central time": how a booking's time is written to the visitor. */
export function formatSlotTime(time: string): string {
  return `${displaySlot(time)} Central time`;
}

/** The manage page's path for a token (the link in the booking's emails). */
export function managePath(token: string): string {
  return `/appointments/manage/${token}`;
}
