import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** The lead tables and the kind a policy's lead_type names each by. */
export const REPORT_LEAD_TABLES = [
  ["auto_quotes", "quote"],
  ["contacts", "contact"],
  ["appointments", "appointment"],
] as const;
export type ReportLeadTable = (typeof REPORT_LEAD_TABLES)[number][0];

/** One group of leads that arrived in the period: who works them and where they came from. */
export type LeadGroupRow = {
  assigned_to: string | null;
  source: string;
  first_touch_source: string | null;
  leads: number;
  won: number;
  lost: number;
  responded: number;
};

/** One responded lead: what its median needs. */
export type ResponseRow = {
  assigned_to: string | null;
  source: string;
  first_touch_source: string | null;
  created_at: string;
  first_response_at: string;
  first_response_seconds: number | null;
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

/** Counts per (assignee, source, first touch): one GROUP BY on the report index. */
export async function leadGroups(
  db: Kysely<Database>,
  table: ReportLeadTable,
  start: string,
  end: string,
): Promise<LeadGroupRow[]> {
  const rows = await leadsArrived(db, table, start, end)
    .select(["assigned_to", "source", "first_touch_source"])
    .select([
      sql<number | string>`count(*)`.as("leads"),
      sql<number | string>`sum(case when status = 'won' then 1 else 0 end)`.as("won"),
      sql<number | string>`sum(case when status = 'lost' then 1 else 0 end)`.as("lost"),
      sql<number | string>`sum(case when first_response_at is not null then 1 else 0 end)`.as(
        "responded",
      ),
    ])
    .groupBy(["assigned_to", "source", "first_touch_source"])
    .execute();
  // PostgreSQL answers count and sum as bigint text.
  return rows.map((row) => ({
    assigned_to: row.assigned_to,
    source: row.source,
    first_touch_source: row.first_touch_source,
    leads: Number(row.leads),
    won: Number(row.won),
    lost: Number(row.lost),
    responded: Number(row.responded),
  }));
}

/** The responded leads' times (the medians are taken in TypeScript). */
export function responseRows(
  db: Kysely<Database>,
  table: ReportLeadTable,
  start: string,
  end: string,
): Promise<ResponseRow[]> {
  return leadsArrived(db, table, start, end)
    .where("first_response_at", "is not", null)
    .select([
      "assigned_to",
      "source",
      "first_touch_source",
      "created_at",
      "first_response_at",
      "first_response_seconds",
    ])
    .execute() as Promise<ResponseRow[]>;
}

/** A policy's lead's source and first touch, by its lead_type and lead_id (null: no lead). */
function policiesWithSource(db: Kysely<Database>) {
  return db
    .selectFrom("policies")
    .leftJoin("auto_quotes", (join) =>
      join.onRef("auto_quotes.id", "=", "policies.lead_id").on("policies.lead_type", "=", "quote"),
    )
    .leftJoin("contacts", (join) =>
      join.onRef("contacts.id", "=", "policies.lead_id").on("policies.lead_type", "=", "contact"),
    )
    .leftJoin("appointments", (join) =>
      join
        .onRef("appointments.id", "=", "policies.lead_id")
        .on("policies.lead_type", "=", "appointment"),
    );
}

const channel = sql<
  string | null
>`coalesce(auto_quotes.source, contacts.source, appointments.source)`;
const touch = sql<
  string | null
>`coalesce(auto_quotes.first_touch_source, contacts.first_touch_source, appointments.first_touch_source)`;

/** Policies issued in [start, end) per (producer, lead source), with their premium in cents. */
export async function policyGroups(
  db: Kysely<Database>,
  start: string,
  end: string,
): Promise<PolicyGroupRow[]> {
  const rows = await policiesWithSource(db)
    .where("policies.created_at", ">=", start)
    .where("policies.created_at", "<", end)
    .select([
      "policies.producer_id",
      channel.as("channel"),
      touch.as("first_touch_source"),
      sql<number | string>`count(*)`.as("policies"),
      sql<number | string>`sum(policies.premium_cents)`.as("premium_cents"),
    ])
    .groupBy(["policies.producer_id", channel, touch])
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
  const rows = await policiesWithSource(db)
    .where("policies.expiration_date", ">=", from)
    .where("policies.expiration_date", "<=", to)
    .where((eb) =>
      eb.or([
        eb("policies.status", "!=", "cancelled"),
        eb("policies.cancel_date", "is", null),
        eb("policies.cancel_date", ">=", eb.ref("policies.expiration_date")),
      ]),
    )
    .select([
      "policies.producer_id",
      channel.as("channel"),
      touch.as("first_touch_source"),
      sql<number | string>`count(*)`.as("up"),
      sql<number | string>`sum(case when policies.status = 'renewed' then 1 else 0 end)`.as(
        "renewed",
      ),
    ])
    .groupBy(["policies.producer_id", channel, touch])
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
