import {
  AGENCY,
  API_ENDPOINTS,
  APPOINTMENT_MESSAGES,
  type AppointmentManageRoutes,
  type CancelBooking,
  MANAGE_MESSAGES,
  type ManagedBooking,
} from "@agency/domain";
import {
  type ApiResult,
  callRoute,
  errorText,
  type FieldError,
  type RouteBody,
  type RouteSuccess,
} from "../../lib/api";

type Reschedule = RouteBody<(typeof AppointmentManageRoutes)["reschedule"]>;

type ManageAnswer = RouteSuccess<(typeof AppointmentManageRoutes)["cancel"]>;

export type LoadOutcome =
  | { status: "ready"; booking: ManagedBooking }
  | { status: "dead" }
  | { status: "failed" };

/** The booking behind the link: dead (404) is an answer, not a failure to retry. */
export async function loadManagedBooking(token: string, signal: AbortSignal): Promise<LoadOutcome> {
  // No token, no booking: the address cannot name one (and routeUrl refuses an empty one).
  if (token === "") return { status: "dead" };
  const result = await callRoute(API_ENDPOINTS.appointmentManage.booking, {
    params: { token },
    signal,
    retries: 1,
  });
  if (result.ok && result.data && typeof result.data.date === "string") {
    return { status: "ready", booking: result.data };
  }
  if (!result.ok && result.status === 404) return { status: "dead" };
  return { status: "failed" };
}

export type ChangeOutcome =
  | { ok: true; booking: ManagedBooking; message: string }
  | {
      ok: false;
      isDead: boolean;
      isSlotTaken: boolean;
      /** 429: the link's moves for today are used up, or too many requests: call us. */
      isTooMany: boolean;
      message: string;
      fieldErrors: FieldError[];
    };

const FAILED = `We could not save that change. Please try again, or call us at ${AGENCY.phone}.`;

function outcomeOf(result: ApiResult<ManageAnswer>): ChangeOutcome {
  if (result.ok && result.data?.success === true) {
    return { ok: true, booking: result.data.data, message: result.data.message };
  }
  if (result.ok) {
    return {
      ok: false,
      isDead: false,
      isSlotTaken: false,
      isTooMany: false,
      message: FAILED,
      fieldErrors: [],
    };
  }
  const isDead = result.status === 404;
  const isSlotTaken = result.status === 409;
  const isTooMany = result.status === 429;
  const hasOwnWords = isDead || isSlotTaken || isTooMany || result.status === 400;
  const fallback = isDead
    ? MANAGE_MESSAGES.linkDead(AGENCY.phone)
    : isSlotTaken
      ? APPOINTMENT_MESSAGES.slotTaken
      : FAILED;
  return {
    ok: false,
    isDead,
    isSlotTaken,
    isTooMany,
    message: hasOwnWords ? errorText(result, fallback) : fallback,
    fieldErrors: result.errors,
  };
}

export async function cancelManagedBooking(
  token: string,
  body: CancelBooking,
  idempotencyKey: string,
): Promise<ChangeOutcome> {
  return outcomeOf(
    await callRoute(API_ENDPOINTS.appointmentManage.cancel, {
      params: { token },
      body,
      idempotencyKey,
    }),
  );
}

export async function rescheduleManagedBooking(
  token: string,
  body: Reschedule,
  idempotencyKey: string,
): Promise<ChangeOutcome> {
  return outcomeOf(
    await callRoute(API_ENDPOINTS.appointmentManage.reschedule, {
      params: { token },
      body,
      idempotencyKey,
    }),
  );
}
