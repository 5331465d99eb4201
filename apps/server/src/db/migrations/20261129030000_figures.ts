// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

const LEAD_TABLES = [
  ["auto_quotes", "auto_quote"],
  ["contacts", "contact"],
  ["appointments", "appointment"],
] as const;

const LEAD_COLUMNS = [
  ["first_touch_source", "text"],
  ["first_touch_medium", "text"],
  ["first_touch_campaign", "text"],
  ["first_response_at", "text"],
  ["first_response_seconds", "integer"],
] as const;

/**
 * Figures from the records (issue 28 §3, decision 0074). Each lead gets its first touch
 * (where a web visitor first came from) and when staff first acted on it; the business
 * seconds to that first action are filled by the app as it happens (rows backfilled here
 * keep null: the report works them out from the two instants). Indexes serve the report's
 * aggregates from the index alone: live leads by arrival with what they are grouped by,
 * policies by issue and by expiration, each policy with its lead's source copied (backfilled
 * here; set as it is issued), so policies are grouped without a join.
 *
 * The backfill takes the earliest staff note or call, status change by a staff member
 * (the audit's record.status with an actor) and email sent from the app, per lead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [table] of LEAD_TABLES) {
    for (const [column, type] of LEAD_COLUMNS) {
      await db.schema.alterTable(table).addColumn(column, type).execute();
    }
    await db.schema
      .createIndex(`${table}_report_idx`)
      .on(table)
      .columns([
        "created_at",
        "status",
        "assigned_to",
        "source",
        "first_touch_source",
        "first_response_at",
        "first_response_seconds",
        // A moved booking counts once, as its first row (decision 0064).
        ...(table === "appointments" ? ["rescheduled_from"] : []),
      ])
      // Live leads only (the report never counts archived ones). Led by archived_at, the
      // index was all nulls to SQLite's statistics and drew other queries (the overview's
      // moved bookings) into scans; PostgreSQL does not walk an index for IS NULL.
      .where("archived_at", "is", null)
      .execute();
  }
  // A policy keeps its lead's source: the report groups policies without a join.
  await db.schema.alterTable("policies").addColumn("lead_source", "text").execute();
  await db.schema.alterTable("policies").addColumn("lead_first_touch_source", "text").execute();
  // New business, a renewal's next term or a term brought in by an import: only new
  // business counts as issued (the report, the Active Policies trend).
  await db.schema
    .alterTable("policies")
    .addColumn("origin", "text", (c) => c.notNull().defaultTo("issued"))
    .execute();
  await db
    .updateTable("policies")
    .set({ origin: "renewal" })
    .where("renewal_of", "is not", null)
    .execute();
  for (const [table, kind] of LEAD_TABLES) {
    const lead = (column: string) =>
      db
        .selectFrom(table)
        .select(column)
        .whereRef(`${table}.id`, "=", "policies.lead_id" as never)
        .limit(1);
    await db
      .updateTable("policies")
      .set({ lead_source: lead("source"), lead_first_touch_source: lead("first_touch_source") })
      .where("lead_type", "=", kind === "auto_quote" ? "quote" : kind)
      .execute();
  }
  await db.schema
    .createIndex("policies_report_issued_idx")
    .on("policies")
    .columns([
      "created_at",
      "origin",
      "producer_id",
      "lead_source",
      "lead_first_touch_source",
      "premium_cents",
    ])
    .execute();
  await db.schema
    .createIndex("policies_report_expiring_idx")
    .on("policies")
    .columns([
      "expiration_date",
      "status",
      "cancel_date",
      "producer_id",
      "lead_source",
      "lead_first_touch_source",
    ])
    .execute();

  const first = new Map<string, string>();
  const keep = (type: string, id: string, at: string) => {
    const key = `${type}\u0000${id}`;
    const known = first.get(key);
    if (known === undefined || at < known) first.set(key, at);
  };
  const notes = await db
    .selectFrom("lead_notes")
    .select(["lead_type", "lead_id"])
    .select((eb) => eb.fn.min("created_at").as("at"))
    .where("author_user_id", "is not", null)
    .groupBy(["lead_type", "lead_id"])
    .execute();
  for (const row of notes) keep(row.lead_type, row.lead_id, row.at);
  const statuses = await db
    .selectFrom("audit_log")
    .select(["target_type", "target_id"])
    .select((eb) => eb.fn.min("created_at").as("at"))
    .where("action", "=", "record.status")
    .where("actor_user_id", "is not", null)
    .groupBy(["target_type", "target_id"])
    .execute();
  for (const row of statuses) {
    if (row.target_type && row.target_id) keep(row.target_type, row.target_id, row.at);
  }
  const emails = await db
    .selectFrom("staff_emails")
    .select(["about_type", "about_id"])
    .select((eb) => eb.fn.min("created_at").as("at"))
    .where("sender_user_id", "is not", null)
    .groupBy(["about_type", "about_id"])
    .execute();
  for (const row of emails) keep(row.about_type, row.about_id, row.at);

  for (const [table, type] of LEAD_TABLES) {
    for (const [key, at] of first) {
      const [keyType, id] = key.split("\u0000") as [string, string];
      if (keyType !== type) continue;
      // Never before the lead arrived (an audit entry from a clock step back).
      await db
        .updateTable(table)
        .set({ first_response_at: at })
        .where("id", "=", id)
        .where("created_at", "<=", at)
        .execute();
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("policies_report_expiring_idx").ifExists().execute();
  await db.schema.dropIndex("policies_report_issued_idx").ifExists().execute();
  await db.schema.alterTable("policies").dropColumn("origin").execute();
  await db.schema.alterTable("policies").dropColumn("lead_first_touch_source").execute();
  await db.schema.alterTable("policies").dropColumn("lead_source").execute();
  for (const [table] of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_report_idx`).ifExists().execute();
    for (const [column] of [...LEAD_COLUMNS].reverse()) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
