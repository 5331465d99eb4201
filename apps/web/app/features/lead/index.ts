/**
 * What other features may use of the leads feature (scripts/check-boundaries.mjs): the list
 * screen and its kinds' building blocks (status, work, archive, states), the lead page, and
 * the prospect timeline. Appointments, the overview and the dashboard's frame build on it.
 */
export { EmailButton } from "./email-button";
export { EmailLink, MailAction } from "./email-link";
export { type EmailDraftRequest, EmailList, EmailPanel } from "./email-panel";
export { LeadPage } from "./lead/lead-page";
export { useLead } from "./lead/use-lead";
export type { LeadRoute } from "./lead-routes";
export { ArchiveButton } from "./list-controls";
export { type ListKind, ListScreen, type RowsContext } from "./list-screen";
export { EmptyState, ErrorPanel, LoadingState } from "./list-states";
export { NextTaskNote } from "./next-task-note";
export { type LeadPageState, OpenLeadLink } from "./open-lead-link";
export { Pager } from "./pager";
export { ProspectTimeline, TimelineItems, TimelineList } from "./prospect-timeline";
export { StatusControl, StatusPill } from "./status-control";
export { statusLabel } from "./status-label";
export { PAGE_SIZE, pageOf } from "./use-lead-list";
export { useToggleSet } from "./use-toggle-set";
export { formatFollowUp, type LeadWork, WorkPanel } from "./work-panel";
