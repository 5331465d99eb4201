import {
  addDays,
  formatCalendarDate,
  parseCalendarDate,
  readAgencyWallClock,
} from "@agency/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";

const DAY_MS = 86_400_000;
const LEAD_TABLES = {
  quotes: "auto_quotes",
  contacts: "contacts",
  appointments: "appointments",
} as const;
type LeadKind = keyof typeof LEAD_TABLES;

async function countSince(
  db: Kysely<Database>,
  table: (typeof LEAD_TABLES)[LeadKind],
  from: string | null,
  to: string | null,
): Promise<number> {
  let query = db.selectFrom(table).select(sql<number>`count(*)`.as("n"));
  if (from) query = query.where("created_at", ">=", from);
  if (to) query = query.where("created_at", "<", to);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export type Trend = { last30Days: number; previous30Days: number; changePercent: number | null };

/** The real change of the last 30 days against the 30 before (null when there is no base). */
function trend(last: number, previous: number): Trend {
  return {
    last30Days: last,
    previous30Days: previous,
    changePercent: previous === 0 ? null : Math.round(((last - previous) / previous) * 1000) / 10,
  };
}

/**
 * Everything the overview shows, computed from the data: counts, real 30-day trends, the
 * three latest of each list, new items per Chicago day over 30 days, and an activity feed
 * of submissions and staff actions.
 */
export async function dashboardOverview(db: Kysely<Database>, now: Date) {
  const since30 = nowIso(new Date(now.getTime() - 30 * DAY_MS));
  const since60 = nowIso(new Date(now.getTime() - 60 * DAY_MS));

  const counts = {} as Record<LeadKind | "policies" | "settings", number>;
  const trends = {} as Record<LeadKind, Trend>;
  for (const [kind, table] of Object.entries(LEAD_TABLES) as [
    LeadKind,
    (typeof LEAD_TABLES)[LeadKind],
  ][]) {
    const [total, last, previous] = await Promise.all([
      countSince(db, table, null, null),
      countSince(db, table, since30, null),
      countSince(db, table, since60, since30),
    ]);
    counts[kind] = total;
    trends[kind] = trend(last, previous);
  }
  counts.policies = Number(
    (
      await db
        .selectFrom("policies")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  counts.settings = Number(
    (
      await db
        .selectFrom("settings")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

  const [recentQuotes, recentContacts, recentAppointments, recentPolicies] = await Promise.all([
    db
      .selectFrom("auto_quotes")
      .select([
        "id",
        "first_name",
        "last_name",
        "vehicle_year",
        "vehicle_make",
        "vehicle_model",
        "quote_amount_cents",
        "created_at",
      ])
      .orderBy("created_at", "desc")
      .limit(3)
      .execute(),
    db
      .selectFrom("contacts")
      .select(["id", "first_name", "last_name", "subject", "created_at"])
      .orderBy("created_at", "desc")
      .limit(3)
      .execute(),
    db
      .selectFrom("appointments")
      .select(["id", "name", "date", "time", "service", "created_at"])
      .orderBy("created_at", "desc")
      .limit(3)
      .execute(),
    db
      .selectFrom("policies")
      .select(["id", "holder_name", "product", "status", "created_at"])
      .orderBy("created_at", "desc")
      .limit(3)
      .execute(),
  ]);

  // New items per day on the agency's calendar, oldest first, today last.
  const today = parseCalendarDate(readAgencyWallClock(now).date);
  const days = today
    ? Array.from({ length: 30 }, (_, i) => formatCalendarDate(addDays(today, i - 29)))
    : [];
  const daily = new Map(
    days.map((date) => [date, { date, quotes: 0, contacts: 0, appointments: 0 }]),
  );
  for (const [kind, table] of Object.entries(LEAD_TABLES) as [
    LeadKind,
    (typeof LEAD_TABLES)[LeadKind],
  ][]) {
    // Grouped by UTC hour in SQL (Chicago's offset is whole hours), then placed on the
    // agency's calendar here: a few hundred rows instead of every record of the month.
    const rows = await db
      .selectFrom(table)
      .select([sql<string>`substr(created_at, 1, 13)`.as("hour"), sql<number>`count(*)`.as("n")])
      .where("created_at", ">=", nowIso(new Date(now.getTime() - 31 * DAY_MS)))
      .groupBy(sql`substr(created_at, 1, 13)`)
      .execute();
    for (const row of rows) {
      const bucket = daily.get(readAgencyWallClock(new Date(`${row.hour}:00:00Z`)).date);
      if (bucket) bucket[kind] += Number(row.n);
    }
  }

  const activity = [
    ...recentQuotes.map((q) => ({
      type: "quote" as const,
      id: q.id,
      at: q.created_at,
      text: `${q.first_name} ${q.last_name} requested an auto quote (${q.vehicle_year} ${q.vehicle_make} ${q.vehicle_model})`,
    })),
    ...recentContacts.map((c) => ({
      type: "contact" as const,
      id: c.id,
      at: c.created_at,
      text: `${c.first_name} ${c.last_name} sent a message about ${c.subject}`,
    })),
    ...recentAppointments.map((a) => ({
      type: "appointment" as const,
      id: a.id,
      at: a.created_at,
      text: `${a.name} booked ${a.service} for ${a.date} at ${a.time}`,
    })),
    ...(
      await db
        .selectFrom("audit_log")
        .leftJoin("users", "users.id", "audit_log.actor_user_id")
        .select([
          "audit_log.id",
          "audit_log.action",
          "audit_log.target_type",
          "audit_log.created_at",
          "users.email",
          "users.first_name",
        ])
        .where("audit_log.action", "in", [
          "record.deleted",
          "record.status",
          "user.invited",
          "user.updated",
        ])
        .orderBy("audit_log.created_at", "desc")
        .limit(10)
        .execute()
    ).map((entry) => ({
      type: "staff" as const,
      id: entry.id,
      at: entry.created_at,
      text: `${entry.first_name || entry.email || "A staff member"} ${ACTION_TEXT[entry.action] ?? entry.action} ${(entry.target_type ?? "").replace("_", " ")}`.trim(),
    })),
  ]
    .sort((a, b) => (a.at < b.at ? 1 : -1))
    .slice(0, 10);

  return {
    counts,
    trends,
    recent: {
      quotes: recentQuotes.map((q) => ({
        _id: q.id,
        name: `${q.first_name} ${q.last_name}`,
        detail: `${q.vehicle_year} ${q.vehicle_make} ${q.vehicle_model}`,
        amount: q.quote_amount_cents / 100,
        createdAt: q.created_at,
      })),
      contacts: recentContacts.map((c) => ({
        _id: c.id,
        name: `${c.first_name} ${c.last_name}`,
        detail: c.subject,
        createdAt: c.created_at,
      })),
      appointments: recentAppointments.map((a) => ({
        _id: a.id,
        name: a.name,
        detail: `${a.date} ${a.time} · ${a.service}`,
        createdAt: a.created_at,
      })),
      policies: recentPolicies.map((p) => ({
        _id: p.id,
        name: p.holder_name,
        detail: `${p.product} · ${p.status}`,
        createdAt: p.created_at,
      })),
    },
    daily: [...daily.values()],
    activity,
  };
}

const ACTION_TEXT: Record<string, string> = {
  "record.deleted": "deleted a",
  "record.status": "changed the status of a",
  "user.invited": "invited a",
  "user.updated": "updated a",
};

/** New quotes, messages and bookings since the user last opened the notifications. */
export async function notificationCount(db: Kysely<Database>, userId: string) {
  const user = await db
    .selectFrom("users")
    .select(["notifications_seen_at", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const since = user.notifications_seen_at ?? user.created_at;
  const counts = await Promise.all(
    Object.values(LEAD_TABLES).map((table) => countSince(db, table, since, null)),
  );
  const [quotes = 0, contacts = 0, appointments = 0] = counts;
  return { since, quotes, contacts, appointments, total: quotes + contacts + appointments };
}

export async function markNotificationsSeen(db: Kysely<Database>, userId: string, now: Date) {
  await db
    .updateTable("users")
    .set({ notifications_seen_at: nowIso(now) })
    .where("id", "=", userId)
    .execute();
}

/** Timeline of one prospect: everything the same email sent, newest first. */
export async function prospectTimeline(db: Kysely<Database>, email: string) {
  const normalized = email.trim().toLowerCase();
  const [quotes, contacts, appointments] = await Promise.all([
    db
      .selectFrom("auto_quotes")
      .select([
        "id",
        "created_at",
        "status",
        "vehicle_year",
        "vehicle_make",
        "vehicle_model",
        "quote_amount_cents",
      ])
      .where(sql`lower(email)`, "=", normalized)
      .execute(),
    db
      .selectFrom("contacts")
      .select(["id", "created_at", "status", "subject", "message"])
      .where(sql`lower(email)`, "=", normalized)
      .execute(),
    db
      .selectFrom("appointments")
      .select(["id", "created_at", "status", "date", "time", "service"])
      .where(sql`lower(email)`, "=", normalized)
      .execute(),
  ]);
  const items = [
    ...quotes.map((q) => ({
      type: "quote" as const,
      _id: q.id,
      createdAt: q.created_at,
      status: q.status,
      summary: `Auto quote for a ${q.vehicle_year} ${q.vehicle_make} ${q.vehicle_model}: $${(q.quote_amount_cents / 100).toFixed(2)}/month`,
    })),
    ...contacts.map((c) => ({
      type: "contact" as const,
      _id: c.id,
      createdAt: c.created_at,
      status: c.status,
      summary: `Message about ${c.subject}: ${c.message.slice(0, 120)}`,
    })),
    ...appointments.map((a) => ({
      type: "appointment" as const,
      _id: a.id,
      createdAt: a.created_at,
      status: a.status,
      summary: `${a.service} appointment on ${a.date} at ${a.time}`,
    })),
  ].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  return { email: normalized, items };
}
