/** The report feature as other features see it (scripts/check-boundaries.mjs). */
export { ReportsView } from "./reports-view";
