export { consentRow, submissionPrivacyRows } from "./ledger.ts";
export { registerConsentRoutes } from "./routes.ts";
export { ledgerPeopleOf, mergedLedgerOf, toPersonConsent } from "./service.ts";
export {
  addressRevokedSince,
  peopleWithEmailKey,
  personRevokedSince,
  stopContacting,
} from "./stop-link.ts";
export { stopLinkPolicy, suppressRevoked, withStopLink } from "./stop-mail.ts";
export { registerStopLinkRoutes } from "./stop-routes.ts";
export { signStopToken, verifyStopToken } from "./stop-token.ts";
