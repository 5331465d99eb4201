import type { ServiceKind } from "@agency/domain";

/**
 * The Client Center page's own wording and anchors (issue 29 §1). What the server says too
 * (the 911 line, the claim notice's warning, the answer) is the domain's SERVICE_MESSAGES.
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

/** The section that holds each request kind's form (`?kind=` in the address leads there). */
export const SECTION_OF_KIND: Record<ServiceKind, ClientCenterSection> = {
  claim: "claim",
  "id-cards": "idCards",
  "policy-change": "policyChange",
  certificate: "certificate",
  other: "other",
};

/** Said after the domain's 911 line: when that applies. */
export const EMERGENCY_DETAIL =
  "If anyone is hurt or in danger, call 911 before you call us or your insurance company.";
