/**
 * The privacy request feature (issue 30 §2) as other features see it: the only module they
 * import from it (scripts/check-boundaries.mjs; decision 0051).
 */
export { purgePrivacyRequests } from "./repository.ts";
export { registerPrivacyRequestRoutes } from "./routes.ts";
