export { consentRow, submissionPrivacyRows } from "./ledger.ts";
export { registerConsentRoutes } from "./routes.ts";
export { ledgerPeopleOf, mergedLedgerOf, toPersonConsent } from "./service.ts";
