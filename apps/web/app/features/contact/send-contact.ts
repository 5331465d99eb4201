import { CONTACT_MESSAGES, type ContactMessage } from "@agency/domain";
import { apiRequest, errorText, type FieldError } from "../../lib/api";

export const SEND_CONTACT_PATH = "/api/contacts/send-contact";

/**
 * The invisible field people never fill (the server's HONEYPOT_FIELD). Its value is sent
 * as it is; a filled one gets a success answer and nothing is stored.
 */
export const HONEYPOT_FIELD = "website";

interface SendContactResponse {
  success?: unknown;
  data?: { _id: string; createdAt: string };
}

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
