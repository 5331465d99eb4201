export const DASHBOARD_MESSAGES = {
  overviewFailed: "Failed to load dashboard data. Using sample data instead.",
} as const;

/** The overview lists at most this many items and shows this many per stat card. */
export const DASHBOARD_LIMITS = { listItems: 5, recentItemsPerCard: 3 } as const;
