import {
  API_ENDPOINTS,
  HONEYPOT_FIELD,
  PRIVACY_REQUEST_MESSAGES,
  type PrivacyRequest,
} from "@agency/domain";
import { callRoute, errorText, type FieldError } from "../../lib/api";

export type SendPrivacyRequestOutcome =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: FieldError[] };

/**
 * Sends one privacy request with its Idempotency-Key (reused on every retry of the same
 * answers). The server answers 202 "Check your email…" whatever the address.
 */
export async function sendPrivacyRequest(
  request: Omit<PrivacyRequest, typeof HONEYPOT_FIELD>,
  honeypot: string,
  idempotencyKey: string,
): Promise<SendPrivacyRequestOutcome> {
  const result = await callRoute(API_ENDPOINTS.privacyRequests.send, {
    body: { ...request, [HONEYPOT_FIELD]: honeypot },
    idempotencyKey,
  });
  if (result.ok) return { ok: true, message: result.data.message };
  return {
    ok: false,
    message: errorText(result, PRIVACY_REQUEST_MESSAGES.sendFailed),
    fieldErrors: result.errors,
  };
}
