export type { LeadOwner } from "./repository.ts";
export { countLeadsOf } from "./repository.ts";
export { leadTimeline } from "./service.ts";
