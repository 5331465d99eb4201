/**
 * The Client Center page's own wording (issue 29 §1). Wording the server shares (request
 * kinds, their messages) lives in the domain; this is what only the page says.
 */

/** The in-page sections the six cards lead to: their element ids (the address's #anchor). */
export const CLIENT_CENTER_SECTIONS = {
  claim: "report-a-claim",
  payment: "make-a-payment",
  idCards: "request-id-cards",
  policyChange: "request-a-policy-change",
  certificate: "request-a-certificate",
  other: "something-else",
} as const;

export type ClientCenterSection = keyof typeof CLIENT_CENTER_SECTIONS;

/** Said first in Report a claim: safety before paperwork. */
export const EMERGENCY_MESSAGE = {
  lead: "In an emergency, call 911.",
  detail:
    "If anyone is hurt or in danger, call 911 first, before you call us or your insurance company.",
} as const;

/**
 * Said plainly beside the claim notice: an agency hears about a claim, but only the carrier
 * opens one, and a late report to the carrier can cost the client coverage.
 */
export const CLAIM_NOT_REPORTED_MESSAGE =
  "Telling us about a claim does not report it to your insurance company. To open a claim, call your carrier's claims line or file online with them, as soon as you can.";
