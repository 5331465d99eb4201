import {
  API_ENDPOINTS,
  CONTACT_MESSAGES,
  type ContactMessage,
  HONEYPOT_FIELD,
} from "@agency/domain";
import { callRoute, errorText, type FieldError } from "../../lib/api";
import { rememberFirstTouch } from "../../lib/first-touch";
import { privacyField } from "../../lib/privacy-field";

/**
 * The invisible field people never fill (the contract's HONEYPOT_FIELD). Its value is
 * sent as it is; a filled one gets a success answer and nothing is stored.
 */
export { HONEYPOT_FIELD };

export type SendContactOutcome =
  | { ok: true }
  | { ok: false; message: string; fieldErrors: FieldError[] };

/**
 * Sends one message. The spec counts a 201 as success; an error shows the server's
 * `error`, else its `message`, else "Submission failed. Please try again later." (a 429
 * carries the server's friendly wording in `error`). `idempotencyKey` belongs to this
 * submission; callRoute reuses it on every retry.
 */
export async function sendContact(
  message: ContactMessage,
  honeypot: string,
  idempotencyKey: string,
  contactConsent = false,
): Promise<SendContactOutcome> {
  const result = await callRoute(API_ENDPOINTS.contacts.send, {
    // Where the visitor first came from this session (decision 0074).
    // The notice shown and the optional call/text consent (decision 0080).
    body: {
      ...message,
      [HONEYPOT_FIELD]: honeypot,
      leadSource: rememberFirstTouch(),
      privacy: privacyField("contact", contactConsent),
    },
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
