/**
 * Households as other features see it (decision 0070): the only module they import from it.
 */
export { registerHouseholdRoutes } from "./routes.ts";
export { householdOf } from "./service.ts";
