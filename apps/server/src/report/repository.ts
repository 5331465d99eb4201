import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** The lead tables and the kind a policy's lead_type names each by. */
export const REPORT_LEAD_TABLES = [
  ["auto_quotes", "quote"],
  ["contacts", "contact"],
  ["appointments", "appointment"],
] as const;
export type ReportLeadTable = (typeof REPORT_LEAD_TABLES)[number][0];

/**
 * One group of leads that arrived in the period: who works them, where they came from, and
 * the whole business minutes to their first response (null: not answered, or answered
 * before the app timed answers).
 */
export type LeadGroupRow = {
  assigned_to: string | null;
  source: string;
  first_touch_source: string | null;
  minutes: number | null;
  leads: number;
  won: number;
  lost: number;
  responded: number;
};

/** A responded lead whose business time was not counted as it happened (backfilled). */
export type UntimedResponseRow = {
  assigned_to: string | null;
  source: string;
  first_touch_source: string | null;
  created_at: string;
  first_response_at: string;
};

export type PolicyGroupRow = {
  producer_id: string | null;
  channel: string | null;
  first_touch_source: string | null;
  policies: number;
  premium_cents: number;
};

export type RenewalGroupRow = {
  producer_id: string | null;
  channel: string | null;
  first_touch_source: string | null;
  up: number;
  renewed: number;
};

/** Live leads of one table arrived in [start, end); a moved booking counts once (its first row). */
function leadsArrived(db: Kysely<Database>, table: ReportLeadTable, start: string, end: string) {
  let query = db
    .selectFrom(table)
    .where("archived_at", "is", null)
    .where("created_at", ">=", start)
    .where("created_at", "<", end);
  if (table === "appointments") {
    query = query.where("rescheduled_from" as never, "is", null) as typeof query;
  }
  return query;
}

/** An instant on a whole UTC hour ("2026-11-24T06:00:00.000Z"): its tally hour, else null. */
function wholeHour(instant: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:00:00(\.000)?Z$/.test(instant) ? instant.slice(0, 13) : null;
}

/**
 * Counts per (assignee, source, first touch, minutes to the first response), the counts and
 * the histogram the medians are taken from: summed from the hourly tally the triggers keep
 * (migration 20261129050000) when the period is whole UTC hours (Central days always are),
 * else one GROUP BY over the leads.
 */
export async function leadGroups(
  db: Kysely<Database>,
  table: ReportLeadTable,
  start: string,
  end: string,
): Promise<LeadGroupRow[]> {
  const from = wholeHour(start);
  const to = wholeHour(end);
  if (from === null || to === null) return countedLeadGroups(db, table, start, end);
  const rows = await db
    .selectFrom("report_hour_tally")
    .where("lead_table", "=", table)
    .where("hour", ">=", from)
    .where("hour", "<", to)
    .select(["assigned_to", "source", "first_touch_source", "minutes"])
    .select([
      sql<number | string>`sum(leads)`.as("leads"),
      sql<number | string>`sum(won)`.as("won"),
      sql<number | string>`sum(lost)`.as("lost"),
    ])
    .groupBy(["assigned_to", "source", "first_touch_source", "minutes"])
    .execute();
  const groups: LeadGroupRow[] = [];
  for (const row of rows) {
    const leads = Number(row.leads);
    if (leads === 0) continue;
    groups.push({
      assigned_to: row.assigned_to === "" ? null : row.assigned_to,
      source: row.source,
      first_touch_source: row.first_touch_source === "" ? null : row.first_touch_source,
      minutes: row.minutes < 0 ? null : row.minutes,
      leads,
      won: Number(row.won),
      lost: Number(row.lost),
      // -1: not answered yet; -2: answered, untimed (read from the leads by untimedResponses).
      responded: row.minutes === -1 ? 0 : leads,
    });
  }
  return groups;
}

/**
 * The same groups counted from the leads themselves: one GROUP BY on the report index
 * (a period not made of whole hours; and the proof the tally is kept right).
 */
export async function countedLeadGroups(
  db: Kysely<Database>,
  table: ReportLeadTable,
  start: string,
  end: string,
): Promise<LeadGroupRow[]> {
  const minutes = sql<number | string | null>`(first_response_seconds / 60)`;
  const rows = await leadsArrived(db, table, start, end)
    .select(["assigned_to", "source", "first_touch_source"])
    .select([
      minutes.as("minutes"),
      sql<number | string>`count(*)`.as("leads"),
      sql<number | string>`sum(case when status = 'won' then 1 else 0 end)`.as("won"),
      sql<number | string>`sum(case when status = 'lost' then 1 else 0 end)`.as("lost"),
      sql<number | string>`sum(case when first_response_at is not null then 1 else 0 end)`.as(
        "responded",
      ),
    ])
    .groupBy(["assigned_to", "source", "first_touch_source", minutes])
    .execute();
  // PostgreSQL answers count and sum as bigint text; an integer divided by an integer is an
  // integer on both engines.
  return rows.map((row) => ({
    assigned_to: row.assigned_to,
    source: row.source,
    first_touch_source: row.first_touch_source,
    minutes: row.minutes === null ? null : Math.floor(Number(row.minutes)),
    leads: Number(row.leads),
    won: Number(row.won),
    lost: Number(row.lost),
    responded: Number(row.responded),
  }));
}

/** Responded leads without a counted business time (first responses backfilled by 20261129030000). */
export function untimedResponses(
  db: Kysely<Database>,
  table: ReportLeadTable,
  start: string,
  end: string,
): Promise<UntimedResponseRow[]> {
  return leadsArrived(db, table, start, end)
    .where("first_response_at", "is not", null)
    .where("first_response_seconds", "is", null)
    .select(["assigned_to", "source", "first_touch_source", "created_at", "first_response_at"])
    .execute() as Promise<UntimedResponseRow[]>;
}

/**
 * New business issued in [start, end) per (producer, lead source), with its premium in
 * cents: a renewal's next term and an imported term are not issued business. Summed from
 * the hourly tally the triggers keep (migration 20261129050100) when the period is whole
 * UTC hours, else counted from the policies.
 */
export async function policyGroups(
  db: Kysely<Database>,
  start: string,
  end: string,
): Promise<PolicyGroupRow[]> {
  const from = wholeHour(start);
  const to = wholeHour(end);
  if (from === null || to === null) return countedPolicyGroups(db, start, end);
  const rows = await db
    .selectFrom("report_policy_tally")
    .where("hour", ">=", from)
    .where("hour", "<", to)
    .select(["producer_id", "lead_source", "lead_first_touch_source"])
    .select([
      sql<number | string>`sum(policies)`.as("policies"),
      sql<number | string>`sum(premium_cents)`.as("premium_cents"),
    ])
    .groupBy(["producer_id", "lead_source", "lead_first_touch_source"])
    .execute();
  const groups: PolicyGroupRow[] = [];
  for (const row of rows) {
    const policies = Number(row.policies);
    if (policies === 0) continue;
    groups.push({
      producer_id: row.producer_id === "" ? null : row.producer_id,
      channel: row.lead_source === "" ? null : row.lead_source,
      first_touch_source: row.lead_first_touch_source === "" ? null : row.lead_first_touch_source,
      policies,
      // An exact integer: PostgreSQL's numeric text of a bigint sum, SQLite's integer.
      premium_cents: Number(row.premium_cents),
    });
  }
  return groups;
}

/** The same groups counted from the policies (a period not made of whole hours; the proof). */
export async function countedPolicyGroups(
  db: Kysely<Database>,
  start: string,
  end: string,
): Promise<PolicyGroupRow[]> {
  const rows = await db
    .selectFrom("policies")
    .where("created_at", ">=", start)
    .where("created_at", "<", end)
    .where("origin", "=", "issued")
    .select([
      "producer_id",
      "lead_source as channel",
      "lead_first_touch_source as first_touch_source",
      sql<number | string>`count(*)`.as("policies"),
      sql<number | string>`sum(premium_cents)`.as("premium_cents"),
    ])
    .groupBy(["producer_id", "lead_source", "lead_first_touch_source"])
    .execute();
  return rows.map((row) => ({
    producer_id: row.producer_id,
    channel: row.channel,
    first_touch_source: row.first_touch_source,
    policies: Number(row.policies),
    // An exact integer: PostgreSQL's bigint text, SQLite's integer (both far below 2^53).
    premium_cents: Number(row.premium_cents ?? 0),
  }));
}

/**
 * Policies up for renewal in the period: expiring on one of its days (YYYY-MM-DD), not
 * cancelled before they expired; and of them those renewed.
 */
export async function renewalGroups(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<RenewalGroupRow[]> {
  const rows = await db
    .selectFrom("policies")
    .where("expiration_date", ">=", from)
    .where("expiration_date", "<=", to)
    .where((eb) =>
      eb.or([
        eb("status", "!=", "cancelled"),
        eb("cancel_date", "is", null),
        eb("cancel_date", ">=", eb.ref("expiration_date")),
      ]),
    )
    .select([
      "producer_id",
      "lead_source as channel",
      "lead_first_touch_source as first_touch_source",
      sql<number | string>`count(*)`.as("up"),
      sql<number | string>`sum(case when status = 'renewed' then 1 else 0 end)`.as("renewed"),
    ])
    .groupBy(["producer_id", "lead_source", "lead_first_touch_source"])
    .execute();
  return rows.map((row) => ({
    producer_id: row.producer_id,
    channel: row.channel,
    first_touch_source: row.first_touch_source,
    up: Number(row.up),
    renewed: Number(row.renewed),
  }));
}

/** Names of the users a report mentions. */
export function userNames(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email"])
    .where("id", "in", ids)
    .execute();
}
