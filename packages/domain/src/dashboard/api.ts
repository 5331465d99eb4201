import * as z from "zod";
import { SuccessSchema } from "../api/common.ts";
import { CSV_RESPONSE, defineRoute } from "../api/define-route.ts";
import { queryText, RecordIdSchema } from "../api/params.ts";
import { LEAD_WORK_FIELDS, LeadNoteSchema } from "../lead/work.ts";
import { StaffEmailSchema } from "../staff-email/schema.ts";
import { TaskSchema } from "../task/schema.ts";

export const TrendSchema = z.object({
  last30Days: z.number(),
  previous30Days: z.number(),
  changePercent: z.number().nullable(),
});
export type Trend = z.output<typeof TrendSchema>;

export const RecentItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  detail: z.string(),
  createdAt: z.string(),
  amount: z.number().optional(),
  /** A recent policy's holder (their page lists their policies). */
  personId: z.string().nullable().optional(),
});
export type RecentItem = z.output<typeof RecentItemSchema>;

export const NOTIFICATION_ITEM_TYPES = ["quote", "contact", "appointment"] as const;
export type NotificationItemType = (typeof NOTIFICATION_ITEM_TYPES)[number];

/** Notifications look back at most this far (older leads are not news). */
export const NOTIFICATION_WINDOW_DAYS = 30;

/** One unread lead in the bell's panel. */
export const NotificationItemSchema = z.object({
  type: z.enum(NOTIFICATION_ITEM_TYPES),
  _id: z.string(),
  name: z.string(),
  detail: z.string(),
  createdAt: z.string(),
});
export type NotificationItem = z.output<typeof NotificationItemSchema>;

/**
 * The bell: live leads that arrived since `since` (the later of the user's "mark all read"
 * and NOTIFICATION_WINDOW_DAYS ago) that this user has not opened, and the newest of them.
 */
export const NotificationCountsSchema = z.object({
  total: z.number(),
  quotes: z.number(),
  contacts: z.number(),
  appointments: z.number(),
  since: z.string(),
  items: z.array(NotificationItemSchema),
});
export type NotificationCounts = z.output<typeof NotificationCountsSchema>;

export const DailyCountSchema = z.object({
  date: z.string(),
  quotes: z.number(),
  contacts: z.number(),
  appointments: z.number(),
});
export type DailyCount = z.output<typeof DailyCountSchema>;

export const ActivityEntrySchema = z.object({
  type: z.enum(["quote", "contact", "appointment", "staff"]),
  id: z.string(),
  at: z.string(),
  text: z.string(),
});
export type ActivityEntry = z.output<typeof ActivityEntrySchema>;

/**
 * One setting that needs an owner's attention (issue 27 §4): the "System Settings" card lists
 * them, each a step from Settings. `mail`: no mail server, so mail is only written to the
 * outbox folder; `two-factor`: two-factor is not required and active staff sign in without it.
 */
export const SettingsAttentionSchema = z.object({
  key: z.enum(["mail", "two-factor"]),
  text: z.string(),
  detail: z.string(),
});
export type SettingsAttention = z.output<typeof SettingsAttentionSchema>;

export const OverviewSchema = z.object({
  counts: z.object({
    /** Every live quote; `openQuotes` those not yet Won or Lost ("Active Quotes"). */
    quotes: z.number(),
    openQuotes: z.number(),
    contacts: z.number(),
    appointments: z.number(),
    /** Active policies (status active): the overview's "Active Policies". */
    policies: z.number(),
    /** How many settings need attention (`attention`'s length). */
    settings: z.number(),
  }),
  attention: z.array(SettingsAttentionSchema),
  trends: z.object({
    quotes: TrendSchema,
    contacts: TrendSchema,
    appointments: TrendSchema,
    /** Policies issued in the period against the one before (issue 28 §1). */
    policies: TrendSchema,
  }),
  recent: z.object({
    quotes: z.array(RecentItemSchema),
    contacts: z.array(RecentItemSchema),
    appointments: z.array(RecentItemSchema),
    policies: z.array(RecentItemSchema),
  }),
  daily: z.array(DailyCountSchema),
  activity: z.array(ActivityEntrySchema),
  notifications: NotificationCountsSchema,
});
export type Overview = z.output<typeof OverviewSchema>;

export const TimelineItemSchema = z.object({
  /** A lead's kind, or "service" for a Client Center request (decision 0077). */
  type: z.enum(["quote", "contact", "appointment", "service"]),
  _id: z.string(),
  createdAt: z.string(),
  status: z.string(),
  summary: z.string(),
  /** Who works it (a name), when to follow up, why it was lost, and its notes and calls. */
  assignee: z.string().nullable(),
  followUpOn: LEAD_WORK_FIELDS.followUpOn,
  lostReason: LEAD_WORK_FIELDS.lostReason,
  lostDetail: LEAD_WORK_FIELDS.lostDetail,
  notes: z.array(LeadNoteSchema),
  /** Emails staff sent from the app about it, newest first, with their state (decision 0068). */
  emails: z.array(StaffEmailSchema),
  /** Its tasks (decision 0067): open ones soonest due first, then done ones latest first. */
  tasks: z.array(TaskSchema),
});
export type TimelineItem = z.output<typeof TimelineItemSchema>;

/**
 * The most leads one timeline shows, newest first (decision 0047): a person sends a few;
 * thousands under one email are a script's, and never one answer.
 */
export const PROSPECT_TIMELINE_LIMIT = 100;

export const TimelineSchema = z.object({
  email: z.string(),
  items: z.array(TimelineItemSchema),
  /** Every live lead of this email; more than `items` holds when over PROSPECT_TIMELINE_LIMIT. */
  total: z.number(),
});
export type Timeline = z.output<typeof TimelineSchema>;

/** The email travels in the query string, which the logs never record. */
export const TimelineQuerySchema = z.object({
  email: queryText(254, "email must be at most 254 characters").refine(
    (email) => email.length >= 3,
    { error: "email is required" },
  ),
});

/** The header's search: one person per email, across quotes, messages and bookings. */
export const PersonSearchQuerySchema = z.object({
  q: queryText(100, "q must be at most 100 characters"),
});

/** At most this many people answer one header search. */
export const PERSON_SEARCH_LIMIT = 8;

/** Only what picking the right person takes; the timeline shows the rest. */
export const PersonMatchSchema = z.object({
  /**
   * The person record behind the match (issue 27 §1): the search opens their page. Null or
   * absent for a match not (yet) grouped into a person: the search opens the timeline.
   */
  personId: z.string().nullable().optional(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  kinds: z.array(z.enum(["quote", "contact", "appointment"])),
  latestAt: z.string(),
});
export type PersonMatch = z.output<typeof PersonMatchSchema>;

export const PersonSearchSchema = z.object({ people: z.array(PersonMatchSchema) });
export type PersonSearch = z.output<typeof PersonSearchSchema>;
/** One of the caller's leads whose follow-up date has come (today or overdue). */
export const FollowUpItemSchema = z.object({
  type: z.enum(["quote", "contact", "appointment"]),
  _id: z.string(),
  name: z.string(),
  /** Opens the person's timeline. */
  email: z.string(),
  status: z.string(),
  followUpOn: z.string(),
});
export type FollowUpItem = z.output<typeof FollowUpItemSchema>;

export const MyFollowUpsSchema = z.object({
  success: z.literal(true),
  /** Today in the agency's time zone: a follow-up before it is overdue. */
  today: z.string(),
  data: z.array(FollowUpItemSchema),
});
export type MyFollowUps = z.output<typeof MyFollowUpsSchema>;

/**
 * How often an open dashboard asks whether a lead has arrived (issue 27 §2: the bell and
 * open lists learn of a new lead within seconds). The question is cheap: the newest
 * arrival of each kind, read from the end of each table's created_at index.
 */
export const NEW_LEAD_POLL_MS = 5_000;

/** The newest arrival of each kind (an ISO instant; null while there is none). */
export const LatestLeadsSchema = z.object({
  quote: z.string().nullable(),
  contact: z.string().nullable(),
  appointment: z.string().nullable(),
});
export type LatestLeads = z.output<typeof LatestLeadsSchema>;

export const NotificationReadSchema = z.object({
  type: z.enum(NOTIFICATION_ITEM_TYPES, { error: "type must be quote, contact or appointment" }),
  id: RecordIdSchema,
});

export const DashboardRoutes = {
  overview: defineRoute({
    method: "GET",
    path: "/api/dashboard/overview",
    summary: "Counts, trends, the latest leads, daily counts and the activity feed",
    access: "reports.view",
    responses: { 200: OverviewSchema },
  }),
  notifications: defineRoute({
    method: "GET",
    path: "/api/dashboard/notifications",
    summary: "The caller's unread new leads: counts and the newest few",
    access: "leads.view",
    responses: { 200: NotificationCountsSchema },
  }),
  latestLeads: defineRoute({
    method: "GET",
    path: "/api/dashboard/latest-leads",
    summary:
      "When the newest lead of each kind arrived: what the dashboard polls every few seconds",
    access: "leads.view",
    responses: { 200: LatestLeadsSchema },
  }),
  notificationsSeen: defineRoute({
    method: "POST",
    path: "/api/dashboard/notifications/seen",
    summary: "Mark every notification read for the caller (mark all read)",
    access: "leads.view",
    responses: { 200: SuccessSchema },
  }),
  notificationRead: defineRoute({
    method: "POST",
    path: "/api/dashboard/notifications/read",
    summary: "Mark one lead read for the caller (they opened it)",
    access: "leads.view",
    body: NotificationReadSchema,
    responses: { 200: SuccessSchema },
  }),
  timeline: defineRoute({
    method: "GET",
    path: "/api/prospects/timeline",
    summary: `Everything one email sent, newest first (at most ${PROSPECT_TIMELINE_LIMIT}; total counts them all)`,
    access: "leads.view",
    query: TimelineQuerySchema,
    responses: { 200: TimelineSchema },
  }),
  search: defineRoute({
    method: "GET",
    path: "/api/prospects/search",
    summary: "People whose name, email or phone matches, across quotes, messages and bookings",
    access: "leads.view",
    query: PersonSearchQuerySchema,
    responses: { 200: PersonSearchSchema },
  }),
  myFollowUps: defineRoute({
    method: "GET",
    path: "/api/dashboard/my-follow-ups",
    summary: "The caller's open leads to follow up today or overdue, oldest date first",
    access: "leads.view",
    responses: { 200: MyFollowUpsSchema },
  }),
  report: defineRoute({
    method: "GET",
    path: "/api/dashboard/report.csv",
    summary: "The overview's daily counts and trends as CSV",
    access: "reports.view",
    responses: { 200: CSV_RESPONSE },
  }),
};
