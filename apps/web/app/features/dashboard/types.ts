/**
 * Response shapes of the dashboard's own endpoints: the domain's contract
 * (packages/domain/src/dashboard/api.ts), re-exported for the dashboard's components.
 */
export type {
  ActivityEntry,
  DailyCount,
  NotificationCounts,
  NotificationItem,
  Overview,
  PersonMatch,
  PersonSearch,
  RecentItem,
  Timeline,
  TimelineItem,
  Trend,
} from "@agency/domain";
