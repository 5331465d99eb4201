import {
  API_ENDPOINTS,
  HONEYPOT_FIELD,
  SERVICE_MESSAGES,
  type ServiceRequest,
  type ServiceRequestInput,
} from "@agency/domain";
import { callRoute, errorText, type FieldError } from "../../lib/api";
import { privacyField } from "../../lib/privacy-field";

export type SendServiceOutcome =
  | { ok: true; reference: string }
  | { ok: false; message: string; fieldErrors: FieldError[] };

/**
 * Sends one request with its files (base64 in the JSON, decision 0077). `idempotencyKey`
 * belongs to this set of answers; callRoute reuses it on every retry, so a request is
 * stored once however often the network makes us send it.
 */
export async function sendServiceRequest(
  request: ServiceRequest | ServiceRequestInput,
  honeypot: string,
  idempotencyKey: string,
  contactConsent = false,
): Promise<SendServiceOutcome> {
  const result = await callRoute(API_ENDPOINTS.service.send, {
    // The notice shown and the optional call/text consent (decision 0080).
    body: {
      ...request,
      [HONEYPOT_FIELD]: honeypot,
      privacy: privacyField("client-center", contactConsent),
    } as ServiceRequestInput,
    idempotencyKey,
  });
  if (result.ok) {
    if (result.status === 201 && result.data.data.reference) {
      return { ok: true, reference: result.data.data.reference };
    }
    return { ok: false, message: SERVICE_MESSAGES.sendFailed, fieldErrors: [] };
  }
  return {
    ok: false,
    message: errorText(result, SERVICE_MESSAGES.sendFailed),
    fieldErrors: result.errors,
  };
}
