/**
 * The policy feature as other features see it: the only module they import from it
 * (scripts/check-boundaries.mjs; docs/decisions/0051-server-layers.md).
 */

export { registerRenewalRoutes } from "./renewal-routes.ts";
export { createRenewalScheduler, type RenewalScheduler } from "./renewal-scheduler.ts";
export { registerPolicyRoutes } from "./routes.ts";
