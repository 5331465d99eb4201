/**
 * The service feature (the Client Center, issue 29) as other features see it: the only
 * module they import from it (scripts/check-boundaries.mjs; decision 0051).
 */
export { registerServiceRoutes } from "./routes.ts";
export { dueOnFor, submitServiceRequest } from "./submit.ts";
