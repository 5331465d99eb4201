/** The import feature as other features see it (scripts/check-boundaries.mjs). */
export { ImportSection } from "./import-section";
