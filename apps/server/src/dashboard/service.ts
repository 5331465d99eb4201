import {
  displaySlot,
  type LatestLeads,
  leadSearchTerm,
  NOTIFICATION_WINDOW_DAYS,
  type NotificationCounts,
  type NotificationItemType,
  overviewPeriod,
  PERSON_SEARCH_LIMIT,
  type PersonMatch,
  PROSPECT_TIMELINE_LIMIT,
  readAgencyWallClock,
  SERVICE_KIND_LABELS,
  type ServiceKind,
  type TimelineItem,
  type Trend,
  userDisplayName,
} from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { countLive, countLivePerWindow, listNotesOfLeads, toLeadNote } from "../lead/index.ts";
import { notFound } from "../lib/http-errors.ts";
import { nowIso } from "../lib/ids.ts";
import { emailsAbout } from "../staff-email/index.ts";
import { listTasksOfSubjects, toTask } from "../task/index.ts";
import { findUsersByIds } from "../user/index.ts";
import { settingsAttention } from "./attention.ts";
import {
  countActivePolicies,
  countLeadsOf,
  countOpenQuotes,
  countPoliciesIssued,
  countRequestsOf,
  countUnread,
  findNotificationState,
  insertNotificationRead,
  type LeadOwner,
  latestArrival,
  latestRows,
  latestStaffActions,
  leadExists,
  leadRowsOf,
  movedBookings,
  newestMatches,
  newestUnread,
  setNotificationsSeen,
} from "./repository.ts";

const DAY_MS = 86_400_000;
const LEAD_TABLES = {
  quotes: "auto_quotes",
  contacts: "contacts",
  appointments: "appointments",
} as const;
type LeadKind = keyof typeof LEAD_TABLES;

/** The real change of the period against the days before it (null when there is no base). */
function trend(last: number, previous: number): Trend {
  return {
    last30Days: last,
    previous30Days: previous,
    changePercent: previous === 0 ? null : Math.round(((last - previous) / previous) * 1000) / 10,
  };
}

/**
 * Everything the overview shows, computed from the data: counts, trends, the three latest of
 * each list, new items per Central day, and an activity feed of submissions and staff
 * actions. Every period is overviewPeriod's (decision 0065): the cards' trends, the chart
 * and the report count the same Central days.
 */
export async function dashboardOverview(
  db: Kysely<Database>,
  now: Date,
  mail: { smtpConfigured: boolean } = { smtpConfigured: true },
) {
  const period = overviewPeriod(now);
  const bounds = period?.bounds ?? [];
  const start = period?.start ?? nowIso(now);
  const previousStart = period?.previousStart ?? start;

  const counts = {} as Record<LeadKind | "openQuotes" | "policies" | "settings", number>;
  const trends = {} as Record<LeadKind, Trend>;
  const kinds = Object.entries(LEAD_TABLES) as [LeadKind, (typeof LEAD_TABLES)[LeadKind]][];
  // Per table its total, its 30 days before the period, and its period's days from the
  // tally (Central midnights are whole hours); the tables side by side.
  // Every read at once: on PostgreSQL they run side by side on the pool (the answer takes
  // the longest of them, not their sum); SQLite reads them in turn as before.
  const [
    figures,
    moved,
    openQuotes,
    activePolicies,
    [issuedLast, issuedBefore],
    attention,
    [recentQuotes, recentContacts, recentAppointments, recentPolicies],
    staffActions,
  ] = await Promise.all([
    Promise.all(
      kinds.map(([, table]) =>
        Promise.all([
          countLive(db, table, null, null),
          countLive(db, table, previousStart, start),
          countLivePerWindow(db, table, bounds),
        ]),
      ),
    ),
    // A move adds a row to its booking (decision 0064): the rows moves made come back out,
    // so a booking counts once, on the day it was made, however often it moved.
    movedBookings(db, previousStart),
    countOpenQuotes(db),
    // Active Policies (issue 28 §1): in force now; the trend counts new business issued.
    countActivePolicies(db),
    Promise.all([
      countPoliciesIssued(db, start, bounds.at(-1) ?? nowIso(now)),
      countPoliciesIssued(db, previousStart, start),
    ]),
    settingsAttention(db, mail),
    latestRows(db, 3),
    latestStaffActions(db, Object.keys(ACTION_TEXT), 10),
  ]);
  const movesOf = (kind: LeadKind, from: string, to: string) =>
    kind === "appointments" ? moved.since.filter((at) => at >= from && at < to).length : 0;
  const daily = (period?.days ?? []).map((date, i) => {
    const day = { date, quotes: 0, contacts: 0, appointments: 0 };
    const from = bounds[i] as string;
    const to = bounds[i + 1] as string;
    for (const [k, [kind]] of kinds.entries()) {
      day[kind] = (figures[k]?.[2][i] ?? 0) - movesOf(kind, from, to);
    }
    return day;
  });
  for (const [k, [kind]] of kinds.entries()) {
    const [total = 0, previous = 0] = figures[k] ?? [];
    counts[kind] = total - (kind === "appointments" ? moved.total : 0);
    const last = daily.reduce((sum, day) => sum + day[kind], 0);
    trends[kind] = trend(last, previous - movesOf(kind, previousStart, start));
  }
  counts.openQuotes = openQuotes;
  counts.policies = activePolicies;
  const policyTrend = trend(issuedLast, issuedBefore);
  counts.settings = attention.length;

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
      // One entry per booking, its latest: a move says so and is not a new booking.
      text: a.rescheduled_from
        ? `${a.name}'s ${a.service} booking moved to ${a.date} at ${displaySlot(a.time)}`
        : `${a.name} booked ${a.service} for ${a.date} at ${displaySlot(a.time)}`,
    })),
    ...staffActions.map((entry) => ({
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
    trends: { ...trends, policies: policyTrend },
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
        detail: `${a.date} ${displaySlot(a.time)} · ${a.service}`,
        createdAt: a.created_at,
      })),
      policies: recentPolicies.map((p) => ({
        _id: p.id,
        name: p.holder_name,
        detail: `${p.carrier ? `${p.carrier} · ` : ""}${p.product}`,
        amount: Number(p.premium_cents) / 100,
        personId: p.person_id,
        createdAt: p.created_at,
      })),
    },
    daily,
    activity,
    attention,
  };
}

/**
 * The report: new leads per Central day of the overview's period, a total row that is the
 * sum of those rows, and each kind's change against the days before: the overview's own
 * figures (decision 0065), so the report and the screen never disagree.
 */
export async function dashboardReport(db: Kysely<Database>, now: Date) {
  const { daily, trends } = await dashboardOverview(db, now);
  const first = daily[0]?.date ?? readAgencyWallClock(now).date;
  const last = daily.at(-1)?.date ?? first;
  const totals = { quotes: 0, contacts: 0, appointments: 0 };
  for (const day of daily) {
    totals.quotes += day.quotes;
    totals.contacts += day.contacts;
    totals.appointments += day.appointments;
  }
  return { first, last, daily, totals, trends };
}

const ACTION_TEXT: Record<string, string> = {
  "record.deleted": "deleted a",
  "record.archived": "archived a",
  "record.restored": "restored a",
  "policy.issued": "issued a",
  "policy.renewed": "renewed a",
  "policy.cancelled": "canceled a",
  "policy.reinstated": "reinstated a",
  "record.status": "changed the status of a",
  "lead.entered": "entered a",
  "lead.details_changed": "edited the contact details of a",
  "user.invited": "invited a",
  "user.updated": "updated a",
};

/** The lead table of each kind the bell names. */
const TABLE_OF: Record<NotificationItemType, (typeof LEAD_TABLES)[LeadKind]> = {
  quote: "auto_quotes",
  contact: "contacts",
  appointment: "appointments",
};

/**
 * The bell of one user: live leads since the later of their "mark all read" (or joining)
 * and NOTIFICATION_WINDOW_DAYS ago, less the ones they opened; the newest 10 of them.
 * Opening the bell changes nothing.
 */
export async function notificationCount(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<NotificationCounts> {
  const user = await findNotificationState(db, userId);
  const windowStart = nowIso(new Date(now.getTime() - NOTIFICATION_WINDOW_DAYS * DAY_MS));
  const watermark = user.notifications_seen_at ?? user.created_at;
  const since = watermark > windowStart ? watermark : windowStart;
  const [[quotes, contacts, appointments], [newQuotes, newContacts, newAppointments]] =
    await Promise.all([
      Promise.all(Object.values(LEAD_TABLES).map((t) => countUnread(db, t, userId, since))),
      newestUnread(db, userId, since, 10),
    ]);
  const items = [
    ...newQuotes.map((q) => ({
      type: "quote" as const,
      _id: q.id,
      name: `${q.first_name} ${q.last_name}`,
      detail: `Auto quote · ${q.vehicle_year} ${q.vehicle_make} ${q.vehicle_model}`,
      createdAt: q.created_at,
    })),
    ...newContacts.map((c) => ({
      type: "contact" as const,
      _id: c.id,
      name: `${c.first_name} ${c.last_name}`,
      detail: `Message · ${c.subject}`,
      createdAt: c.created_at,
    })),
    ...newAppointments.map((a) => ({
      type: "appointment" as const,
      _id: a.id,
      name: a.name,
      // A move's new row is the same booking at a new time, to confirm again (decision 0064).
      detail: `${a.rescheduled_from === null ? "Booking" : "Moved booking"} · ${a.service}, ${a.date} ${displaySlot(a.time)}`,
      createdAt: a.created_at,
    })),
  ]
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
    .slice(0, 10);
  const counts = { quotes: quotes ?? 0, contacts: contacts ?? 0, appointments: appointments ?? 0 };
  return {
    since,
    ...counts,
    total: counts.quotes + counts.contacts + counts.appointments,
    items,
  };
}

/** "Mark all read": everything that arrived until now. */
/** When the newest lead of each kind arrived: what an open dashboard polls (NEW_LEAD_POLL_MS). */
export async function latestLeads(db: Kysely<Database>): Promise<LatestLeads> {
  const [quote, contact, appointment] = await Promise.all([
    latestArrival(db, TABLE_OF.quote),
    latestArrival(db, TABLE_OF.contact),
    latestArrival(db, TABLE_OF.appointment),
  ]);
  return { quote, contact, appointment };
}

export async function markNotificationsSeen(db: Kysely<Database>, userId: string, now: Date) {
  await setNotificationsSeen(db, userId, nowIso(now));
}

/** The user opened this lead: it no longer counts on their bell. */
export async function markNotificationRead(
  db: Kysely<Database>,
  userId: string,
  item: { type: NotificationItemType; id: string },
  now: Date,
) {
  const table = TABLE_OF[item.type];
  if (!(await leadExists(db, table, item.id))) throw notFound("Not found");
  await insertNotificationRead(db, { userId, table, id: item.id, at: nowIso(now) });
}

/**
 * Timeline of one prospect: what the same email sent, newest first (at most
 * PROSPECT_TIMELINE_LIMIT, with the total), each with who works it, its follow-up, lost
 * reason, and its notes and calls.
 */
export async function prospectTimeline(db: Kysely<Database>, email: string) {
  const normalized = email.trim().toLowerCase();
  // No address is nobody's: leads staff took without an email are not one person.
  if (normalized === "") return { email: normalized, items: [], total: 0 };
  return { email: normalized, ...(await leadTimeline(db, { email: normalized })) };
}

/**
 * One timeline of an owner's leads (an email's, or a person's: decision 0066), newest first
 * (at most PROSPECT_TIMELINE_LIMIT, with the total), each with who works it, its follow-up,
 * lost reason, and its notes and calls.
 */
export async function leadTimeline(
  db: Kysely<Database>,
  owner: LeadOwner,
): Promise<{ items: TimelineItem[]; total: number }> {
  const [quotes, contacts, appointments, requests] = await leadRowsOf(
    db,
    owner,
    PROSPECT_TIMELINE_LIMIT,
  );
  // Counted only when a kind filled its share: a person's few leads are their own total.
  const isPart = [quotes, contacts, appointments, requests].some(
    (rows) => rows.length >= PROSPECT_TIMELINE_LIMIT,
  );
  const total = isPart
    ? Object.values(await countLeadsOf(db, owner)).reduce((sum, n) => sum + n, 0) +
      (await countRequestsOf(db, owner))
    : quotes.length + contacts.length + appointments.length + requests.length;
  const everyKind = [
    ...quotes.map((q) => ({
      row: q,
      type: "quote" as const,
      summary: `Auto quote for a ${q.vehicle_year} ${q.vehicle_make} ${q.vehicle_model}: $${(q.quote_amount_cents / 100).toFixed(2)}/month`,
    })),
    ...contacts.map((c) => ({
      row: c,
      type: "contact" as const,
      summary: `Message about ${c.subject}: ${c.message.slice(0, 120)}`,
    })),
    ...appointments.map((a) => ({
      row: a,
      type: "appointment" as const,
      summary: `${a.service} appointment on ${a.date} at ${displaySlot(a.time)}${a.rescheduled_from ? " (moved)" : ""}`,
    })),
    ...requests.map((r) => ({
      row: r,
      type: "service" as const,
      summary: `${SERVICE_KIND_LABELS[r.kind as ServiceKind] ?? r.kind} request ${r.reference}`,
    })),
  ];
  const leads = everyKind
    .sort((a, b) => (a.row.created_at < b.row.created_at ? 1 : -1))
    .slice(0, PROSPECT_TIMELINE_LIMIT);
  const recordsOfLeads = leads.map((lead) => ({
    type: NOTE_LEAD_TYPE[lead.type],
    id: lead.row.id,
  }));
  const [notes, emails, tasks, assignees] = await Promise.all([
    listNotesOfLeads(db, recordsOfLeads),
    emailsAbout(db, recordsOfLeads),
    listTasksOfSubjects(
      db,
      leads.map((lead) => ({ kind: lead.type, id: lead.row.id })),
    ),
    findUsersByIds(db, [
      ...new Set(leads.flatMap((lead) => (lead.row.assigned_to ? [lead.row.assigned_to] : []))),
    ]),
  ]);
  const nameOf = new Map(
    assignees.map((u) => [
      u.id,
      userDisplayName({ firstName: u.first_name, lastName: u.last_name, email: u.email }),
    ]),
  );
  const items = leads
    .map(({ row, type, summary }) => ({
      type,
      _id: row.id,
      createdAt: row.created_at,
      status: row.status,
      summary,
      assignee: row.assigned_to ? (nameOf.get(row.assigned_to) ?? "A former staff member") : null,
      followUpOn: row.follow_up_on,
      lostReason: row.lost_reason,
      lostDetail: row.lost_detail,
      notes: notes
        .filter((note) => note.lead_type === NOTE_LEAD_TYPE[type] && note.lead_id === row.id)
        .map(toLeadNote),
      emails: emails
        .filter(({ about }) => about.type === NOTE_LEAD_TYPE[type] && about.id === row.id)
        .map(({ email }) => email),
      tasks: tasks
        .filter((task) => task.subject_type === type && task.subject_id === row.id)
        .map((task) => toTask(task, "")),
    }))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
  return { items, total };
}

/** Leads of each kind read per header search, newest first, before they are merged. */
const MATCHES_PER_KIND = 50;

/**
 * The header's search: the people (one per email) whose name, email or phone matches,
 * most recently heard from first, with the kinds of lead each sent. Name and phone are
 * those of their latest lead.
 */
export async function searchPeople(db: Kysely<Database>, query: string): Promise<PersonMatch[]> {
  const term = leadSearchTerm(query);
  if (!term) return [];
  const [quotes, contacts, appointments] = await newestMatches(db, term, MATCHES_PER_KIND);
  const people = new Map<string, PersonMatch>();
  for (const [kind, rows] of [
    ["quote", quotes],
    ["contact", contacts],
    ["appointment", appointments],
  ] as const) {
    for (const row of rows) {
      // One match per person (decision 0066), whose page it opens. A lead with no person
      // yet is matched by email; leads without an email (staff took them by phone,
      // decision 0063) are one match per phone, never all one of "no address".
      const email = row.email.trim().toLowerCase();
      const key = row.person_id
        ? `person:${row.person_id}`
        : email
          ? `email:${email}`
          : `phone:${row.phone}`;
      const person = people.get(key);
      if (!person) {
        people.set(key, {
          name: row.name,
          email: row.email,
          phone: row.phone,
          kinds: [kind],
          latestAt: row.created_at,
          personId: row.person_id ?? null,
        });
        continue;
      }
      if (!person.kinds.includes(kind)) person.kinds.push(kind);
      if (row.created_at > person.latestAt) {
        Object.assign(person, {
          name: row.name,
          email: row.email,
          phone: row.phone,
          latestAt: row.created_at,
        });
      }
    }
  }
  return [...people.values()]
    .sort((a, b) => (a.latestAt < b.latestAt ? 1 : a.latestAt > b.latestAt ? -1 : 0))
    .slice(0, PERSON_SEARCH_LIMIT);
}
const NOTE_LEAD_TYPE = {
  quote: "auto_quote",
  contact: "contact",
  appointment: "appointment",
  service: "service_request",
} as const;
