import {
  CONTACT_MESSAGES,
  type ContactMessage,
  type ContactRoutes,
  HONEYPOT_FIELD,
} from "@agency/domain";
import {
  apiRequest,
  errorText,
  type FieldError,
  type RouteAnswer,
  type RoutePath,
} from "../../lib/api";

type SendRoute = (typeof ContactRoutes)["send"];

export const SEND_CONTACT_PATH: RoutePath<SendRoute> = "/api/contacts/send-contact";

/**
 * The invisible field people never fill (the contract's HONEYPOT_FIELD). Its value is
 * sent as it is; a filled one gets a success answer and nothing is stored.
 */
export { HONEYPOT_FIELD };

/** The contract's 201, read defensively: any field may be missing from a broken answer. */
type SendContactResponse = Partial<RouteAnswer<SendRoute, 201>>;

export type SendContactOutcome =
  | { ok: true }
  | { ok: false; message: string; fieldErrors: FieldError[] };

/**
 * Sends one message. The spec counts a 201 as success; an error shows the server's
 * `error`, else its `message`, else "Submission failed. Please try again later." (a 429
 * carries the server's friendly wording in `error`). `idempotencyKey` belongs to this
 * submission; apiRequest reuses it on every retry.
 */
export async function sendContact(
  message: ContactMessage,
  honeypot: string,
  idempotencyKey: string,
): Promise<SendContactOutcome> {
  const result = await apiRequest<SendContactResponse>("POST", SEND_CONTACT_PATH, {
    body: { ...message, [HONEYPOT_FIELD]: honeypot },
    idempotencyKey,
  });
  if (result.ok) {
    if (result.status === 201) return { ok: true };
    return { ok: false, message: CONTACT_MESSAGES.submitFailed, fieldErrors: [] };
  }
  return {
    ok: false,
    message: errorText(result, CONTACT_MESSAGES.submitFailed),
    fieldErrors: result.errors,
  };
}
