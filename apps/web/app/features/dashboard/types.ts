/** Response shapes of the dashboard's own endpoints (apps/server/src/dashboard/routes.ts). */
export type Trend = { last30Days: number; previous30Days: number; changePercent: number | null };

export type RecentItem = {
  _id: string;
  name: string;
  detail: string;
  createdAt: string;
  amount?: number;
};

export type NotificationCounts = {
  total: number;
  quotes: number;
  contacts: number;
  appointments: number;
  since: string;
};

export type DailyCount = { date: string; quotes: number; contacts: number; appointments: number };

export type ActivityEntry = {
  type: "quote" | "contact" | "appointment" | "staff";
  id: string;
  at: string;
  text: string;
};

export type Overview = {
  counts: {
    quotes: number;
    contacts: number;
    appointments: number;
    policies: number;
    settings: number;
  };
  trends: { quotes: Trend; contacts: Trend; appointments: Trend };
  recent: {
    quotes: RecentItem[];
    contacts: RecentItem[];
    appointments: RecentItem[];
    policies: RecentItem[];
  };
  daily: DailyCount[];
  activity: ActivityEntry[];
  notifications: NotificationCounts;
};

export type TimelineItem = {
  type: "quote" | "contact" | "appointment";
  _id: string;
  createdAt: string;
  status: string;
  summary: string;
};

export type Timeline = { email: string; items: TimelineItem[] };
