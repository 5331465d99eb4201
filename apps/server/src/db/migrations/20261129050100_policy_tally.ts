// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * New business issued, kept by the database for the report (issue 28 §5, decision 0074),
 * as the leads' tally of 20261129050000: policies whose origin is "issued", per UTC hour of
 * `created_at`, producer ('' for none), lead source and first touch ('' for none), with
 * their count and premium in integer cents. Triggers on every insert, delete and change of
 * those columns take the old row's contribution out and put the new one's in. A year of
 * 100,000 policies is a few thousand rows to sum instead of 100,000 index entries.
 */
const GROUP = ["hour", "producer_id", "lead_source", "lead_first_touch_source"];
const COLUMNS = [
  "created_at",
  "origin",
  "producer_id",
  "lead_source",
  "lead_first_touch_source",
  "premium_cents",
];

const values = (row: string, sign: "" | "-") =>
  `substr(${row}created_at, 1, 13), coalesce(${row}producer_id, ''),
    coalesce(${row}lead_source, ''), coalesce(${row}lead_first_touch_source, ''),
    ${sign}1, ${sign}${row}premium_cents`;

/** A row's tally key as one comparable value, texts in byte order. */
const keyOf = (row: string) =>
  `row((substr(${row}created_at, 1, 13)) collate "C", (coalesce(${row}producer_id, '')) collate "C",
    (coalesce(${row}lead_source, '')) collate "C", (coalesce(${row}lead_first_touch_source, '')) collate "C")`;

const upsert = (row: string, sign: "" | "-") =>
  `insert into report_policy_tally (${GROUP.join(", ")}, policies, premium_cents)
    select ${values(row, sign)} where ${row}origin = 'issued'
    on conflict (${GROUP.join(", ")}) do update set
      policies = report_policy_tally.policies + excluded.policies,
      premium_cents = report_policy_tally.premium_cents + excluded.premium_cents;`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("report_policy_tally")
    .addColumn("hour", "text", (c) => c.notNull())
    .addColumn("producer_id", "text", (c) => c.notNull())
    .addColumn("lead_source", "text", (c) => c.notNull())
    .addColumn("lead_first_touch_source", "text", (c) => c.notNull())
    .addColumn("policies", "integer", (c) => c.notNull())
    // Exact cents: a sum of integers (bigint on PostgreSQL, SQLite's 64-bit integer).
    .addColumn("premium_cents", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_policy_tally_pkey", GROUP as never)
    .execute();
  await sql
    .raw(
      `insert into report_policy_tally (${GROUP.join(", ")}, policies, premium_cents)
        select substr(created_at, 1, 13), coalesce(producer_id, ''), coalesce(lead_source, ''),
          coalesce(lead_first_touch_source, ''), count(*), sum(premium_cents)
        from policies where origin = 'issued'
        group by substr(created_at, 1, 13), coalesce(producer_id, ''), coalesce(lead_source, ''),
          coalesce(lead_first_touch_source, '')`,
    )
    .execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const same = COLUMNS.map((c) => `old.${c} is not distinct from new.${c}`).join(" and ");
    await sql
      .raw(
        `create function policies_report_tally_track() returns trigger language plpgsql as $$
        declare
          old_first boolean := true;
        begin
          if tg_op = 'UPDATE' and ${same} then
            return null;
          end if;
          if tg_op = 'UPDATE' then
            -- The lower key first: one lock order for updates moving between two rows.
            old_first := ${keyOf("old.")} <= ${keyOf("new.")};
          end if;
          if tg_op <> 'INSERT' and old_first then
            ${upsert("old.", "-")}
          end if;
          if tg_op <> 'DELETE' then
            ${upsert("new.", "")}
          end if;
          if tg_op = 'UPDATE' and not old_first then
            ${upsert("old.", "-")}
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger policies_report_tally
          after insert or delete or update of ${COLUMNS.join(", ")} on policies
          for each row execute function policies_report_tally_track()`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create trigger policies_report_tally_insert after insert on policies begin ${upsert("new.", "")} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger policies_report_tally_delete after delete on policies begin ${upsert("old.", "-")} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger policies_report_tally_update after update of ${COLUMNS.join(", ")} on policies
        begin ${upsert("old.", "-")} ${upsert("new.", "")} end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql.raw("drop trigger if exists policies_report_tally on policies").execute(db);
    await sql.raw("drop function if exists policies_report_tally_track()").execute(db);
  } else {
    for (const op of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists policies_report_tally_${op}`).execute(db);
    }
  }
  await db.schema.dropTable("report_policy_tally").execute();
}
