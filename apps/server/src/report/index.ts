/**
 * The report feature as other features see it: the only module they import from it
 * (scripts/check-boundaries.mjs; docs/decisions/0051-server-layers.md).
 */
export { registerReportRoutes } from "./routes.ts";
