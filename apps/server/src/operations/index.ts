/**
 * Retention's deletions as other features use them (an erasure, decision 0083): the only
 * module they import from operations.
 */
export { LEAD_TABLES, purgeLeads, purgePersonRecords } from "./repository.ts";
