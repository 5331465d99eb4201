import {
  API_ENDPOINTS,
  QUOTE_MESSAGES,
  type QuoteFormInput,
  type QuoteRoutes,
} from "@agency/domain";
import { callRoute, errorText, type FieldError, type RouteSuccess } from "../../lib/api";
import { rememberFirstTouch } from "../../lib/first-touch";
import { privacyField } from "../../lib/privacy-field";

type SubmitAnswer = RouteSuccess<(typeof QuoteRoutes)["send"]>;

/** What the server keeps of a submitted quote (the contract's 201 `data`). */
export type SubmittedQuote = SubmitAnswer["data"];

export type SubmitOutcome =
  | { ok: true; quote: SubmittedQuote }
  | { ok: false; message: string; fieldErrors: FieldError[] };

/**
 * Sends one quote. `idempotencyKey` belongs to this submission: callRoute retries
 * network failures and 5xx with it, and the caller reuses it when the visitor presses
 * the button again for the same answers, so the agency never gets the quote twice.
 *
 * Success is a 201 whose body says so, nothing less (the spec's old page treated any
 * answer as a success). The banner's wording is the spec's: a response that says it
 * failed shows its message, else "Failed to submit quote"; an error status or no answer
 * shows the server's error or message, else "An error occurred while submitting the quote".
 */
export async function submitQuote(
  quote: QuoteFormInput,
  idempotencyKey: string,
  privacy: { form: "quote" | "home-quote"; contactConsent: boolean } = {
    form: "quote",
    contactConsent: false,
  },
): Promise<SubmitOutcome> {
  const result = await callRoute(API_ENDPOINTS.quotes.send, {
    // Where the visitor first came from this session (decision 0074).
    // The notice shown and the optional call/text consent (decision 0080).
    body: {
      ...quote,
      leadSource: rememberFirstTouch(),
      privacy: privacyField(privacy.form, privacy.contactConsent),
    },
    idempotencyKey,
  });
  if (!result.ok) {
    return {
      ok: false,
      message: errorText(result, QUOTE_MESSAGES.submitError),
      fieldErrors: result.errors,
    };
  }
  // Read defensively all the same: a broken answer may lack any field, or not be JSON.
  const body: Partial<SubmitAnswer> | undefined = result.data;
  if (result.status === 201 && body?.success === true && body.data) {
    return { ok: true, quote: body.data };
  }
  const message =
    typeof body?.message === "string" && body.message.trim() !== ""
      ? body.message
      : QUOTE_MESSAGES.submitFailed;
  return { ok: false, message, fieldErrors: [] };
}
