/**
 * The person feature as other features see it (decision 0066): the only module they
 * import from it.
 */
export { registerPersonEmailRoutes } from "./email-routes.ts";
export { registerPersonPrivacyRoutes } from "./privacy-routes.ts";
export { registerPeopleRoutes } from "./routes.ts";
