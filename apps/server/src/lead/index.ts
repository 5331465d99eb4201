/**
 * The lead feature as other features see it: the only module they import from it
 * (scripts/check-boundaries.mjs; docs/decisions/0051-server-layers.md).
 */

export { markFirstResponse } from "./first-response.ts";
export { countLive, countLivePerWindow } from "./live-counts.ts";
export { newLeadColumns } from "./new-lead-columns.ts";
export {
  findLeadRow,
  type ListSpec,
  listBatches,
  listPageIds,
  rowsByIds,
  type SearchableTable,
  type SearchFilter,
  searchFilter,
} from "./repository.ts";
export { registerLeadAdminRoutes } from "./routes.ts";
export { changeStatusIn, type LeadHooks } from "./service.ts";
export { entryAuditRows, mailsToSend, type StaffEntry } from "./staff-entry.ts";
export { type LeadTable, RELATED_TYPE } from "./tables.ts";
export { toLeadNote, toLeadWork } from "./work/mapping.ts";
export { listNotesOfLeads } from "./work/repository.ts";
export { registerLeadWorkRoutes } from "./work/routes.ts";
export { myFollowUps } from "./work/service.ts";
