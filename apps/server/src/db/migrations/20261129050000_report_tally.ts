// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The report's lead counts kept by the database (issue 28 §5, decision 0074), like the
 * hourly tally of decision 0032: live leads (not archived; a moved booking once, as its
 * first row) per table, UTC hour of arrival, assignee ('' for none), source, first touch
 * ('' for none) and whole business minutes to the first response (-1: not answered yet;
 * -2: answered, but the app did not time it: backfilled by 20261129030000), with how many
 * of them are won and lost. Triggers on every insert, delete and change of a column the
 * report reads take the old row's contribution out and put the new one's in, whoever
 * writes. A period of Central days is a range of whole UTC hours, so the report sums a few
 * thousand rows instead of grouping every lead of the period. Rows may fall to 0; they stay.
 *
 * On PostgreSQL the trigger is named `<table>_report_tally` so it fires after
 * `<table>_a_person_live` and `<table>_hour_counts` (triggers fire by name): one order of
 * row locks for every lead write (decision 0066's deadlock lesson); and an update that
 * moves a lead between two tally rows takes the lower key first. New leads take tally rows
 * of their hour only after that hour's lead_hour_counts row, which orders them.
 */
const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;
type LeadTable = (typeof LEAD_TABLES)[number];

const GROUP = ["lead_table", "hour", "assigned_to", "source", "first_touch_source", "minutes"];

const COLUMNS = [
  "created_at",
  "archived_at",
  "status",
  "assigned_to",
  "source",
  "first_touch_source",
  "first_response_at",
  "first_response_seconds",
];
const columnsOf = (table: LeadTable) =>
  table === "appointments" ? [...COLUMNS, "rescheduled_from"] : COLUMNS;

/** The grouping values and counts of one row (`new`, `old`, or a table's rows in a SELECT). */
const contribution = (row: string, sign: "" | "-") => ({
  hour: `substr(${row}created_at, 1, 13)`,
  assignedTo: `coalesce(${row}assigned_to, '')`,
  source: `${row}source`,
  touch: `coalesce(${row}first_touch_source, '')`,
  minutes: `case when ${row}first_response_at is null then -1
    when ${row}first_response_seconds is null then -2
    else ${row}first_response_seconds / 60 end`,
  won: `${sign}(case when ${row}status = 'won' then 1 else 0 end)`,
  lost: `${sign}(case when ${row}status = 'lost' then 1 else 0 end)`,
});

/**
 * A row's tally key as one comparable value, texts in byte order: an update takes the
 * lower of its two tally rows first, so two updates moving leads between the same two
 * groups in opposite directions take their row locks in one order (no deadlock).
 */
const keyOf = (row: string) => {
  const c = contribution(row, "");
  return `row(${[c.hour, c.assignedTo, c.source, c.touch].map((e) => `(${e}) collate "C"`).join(", ")}, ${c.minutes})`;
};

const live = (table: LeadTable, row: string) =>
  `${row}archived_at is null${table === "appointments" ? ` and ${row}rescheduled_from is null` : ""}`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("report_hour_tally")
    .addColumn("lead_table", "text", (c) => c.notNull())
    .addColumn("hour", "text", (c) => c.notNull())
    .addColumn("assigned_to", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("first_touch_source", "text", (c) => c.notNull())
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("leads", "integer", (c) => c.notNull())
    .addColumn("won", "integer", (c) => c.notNull())
    .addColumn("lost", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_hour_tally_pkey", GROUP as never)
    .execute();
  for (const table of LEAD_TABLES) {
    const c = contribution("", "");
    await sql
      .raw(
        `insert into report_hour_tally (${GROUP.join(", ")}, leads, won, lost)
          select '${table}', ${c.hour}, ${c.assignedTo}, ${c.source}, ${c.touch}, ${c.minutes},
            count(*), sum(${c.won}), sum(${c.lost})
          from ${table} where ${live(table, "")}
          group by ${c.hour}, ${c.assignedTo}, ${c.source}, ${c.touch}, ${c.minutes}`,
      )
      .execute(db);
  }

  const upsert = (table: string, row: string, sign: "" | "-", where: string) => {
    const c = contribution(row, sign);
    return `insert into report_hour_tally (${GROUP.join(", ")}, leads, won, lost)
      select ${table}, ${c.hour}, ${c.assignedTo}, ${c.source}, ${c.touch}, ${c.minutes},
        ${sign}1, ${c.won}, ${c.lost}
      where ${where}
      on conflict (${GROUP.join(", ")}) do update set
        leads = report_hour_tally.leads + excluded.leads,
        won = report_hour_tally.won + excluded.won,
        lost = report_hour_tally.lost + excluded.lost;`;
  };

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // One function per table: plpgsql cannot read a column the row type lacks
    // (rescheduled_from exists on appointments only).
    for (const table of LEAD_TABLES) {
      const fn = `${table}_report_tally_track`;
      const same = columnsOf(table)
        .map((column) => `old.${column} is not distinct from new.${column}`)
        .join(" and ");
      await sql
        .raw(
          `create function ${fn}() returns trigger language plpgsql as $$
          declare
            old_first boolean := true;
          begin
            if tg_op = 'UPDATE' and ${same} then
              return null;
            end if;
            if tg_op = 'UPDATE' then
              old_first := ${keyOf("old.")} <= ${keyOf("new.")};
            end if;
            if tg_op <> 'INSERT' and old_first then
              ${upsert(`'${table}'`, "old.", "-", live(table, "old."))}
            end if;
            if tg_op <> 'DELETE' then
              ${upsert(`'${table}'`, "new.", "", live(table, "new."))}
            end if;
            if tg_op = 'UPDATE' and not old_first then
              ${upsert(`'${table}'`, "old.", "-", live(table, "old."))}
            end if;
            return null;
          end $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${table}_report_tally
            after insert or delete or update of ${columnsOf(table).join(", ")} on ${table}
            for each row execute function ${fn}()`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of LEAD_TABLES) {
    const add = upsert(`'${table}'`, "new.", "", live(table, "new."));
    const remove = upsert(`'${table}'`, "old.", "-", live(table, "old."));
    await sql
      .raw(`create trigger ${table}_report_tally_insert after insert on ${table} begin ${add} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_report_tally_delete after delete on ${table} begin ${remove} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_report_tally_update after update of ${columnsOf(table).join(", ")} on ${table}
          begin ${remove} ${add} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of LEAD_TABLES) {
      await sql.raw(`drop trigger if exists ${table}_report_tally on ${table}`).execute(db);
      await sql.raw(`drop function if exists ${table}_report_tally_track()`).execute(db);
    }
  } else {
    for (const table of LEAD_TABLES) {
      for (const op of ["insert", "delete", "update"]) {
        await sql.raw(`drop trigger if exists ${table}_report_tally_${op}`).execute(db);
      }
    }
  }
  await db.schema.dropTable("report_hour_tally").execute();
}
