// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Live (not archived) leads per table and per UTC hour of `created_at`, kept by triggers on
 * every insert, delete, archive and restore, whoever writes (the app, the retention purge,
 * the demo seed, a test). The overview's totals, trends and per-day counts and an unfiltered
 * list's total sum a few thousand of these rows instead of counting 100,000 index entries
 * each (decision 0032). Central midnights fall on whole UTC hours, so a Central day is a
 * range of whole buckets; other edges are counted exactly on the created_at index.
 *
 * Also, on PostgreSQL: a partial index of the unassigned live leads, for the Assigned
 * filter's "Unassigned" (its count and its default order).
 */
const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("lead_hour_counts")
    .addColumn("lead_table", "text", (c) => c.notNull())
    .addColumn("hour", "text", (c) => c.notNull())
    .addColumn("live", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_hour_counts_pkey", ["lead_table", "hour"])
    .execute();
  for (const table of LEAD_TABLES) {
    await sql`insert into lead_hour_counts (lead_table, hour, live)
      select ${table}, substr(created_at, 1, 13), count(*) from ${sql.table(table)}
      where archived_at is null group by substr(created_at, 1, 13)`.execute(db);
  }
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function lead_hour_counts_track() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' and old.archived_at is null then
          update lead_hour_counts set live = live - 1
            where lead_table = tg_table_name and hour = substr(old.created_at, 1, 13);
        end if;
        if tg_op <> 'DELETE' and new.archived_at is null then
          insert into lead_hour_counts (lead_table, hour, live)
            values (tg_table_name, substr(new.created_at, 1, 13), 1)
            on conflict (lead_table, hour) do update set live = lead_hour_counts.live + 1;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of LEAD_TABLES) {
      await sql`create trigger ${sql.ref(`${table}_hour_counts`)}
        after insert or delete or update of archived_at, created_at on ${sql.table(table)}
        for each row execute function lead_hour_counts_track()`.execute(db);
      await sql`create index ${sql.ref(`${table}_unassigned_idx`)} on ${sql.table(table)} (created_at, id)
        where archived_at is null and assigned_to is null`.execute(db);
    }
    return;
  }
  for (const table of LEAD_TABLES) {
    const add = (row: "new") =>
      `insert into lead_hour_counts (lead_table, hour, live)
        select '${table}', substr(${row}.created_at, 1, 13), 1 where ${row}.archived_at is null
        on conflict (lead_table, hour) do update set live = live + 1;`;
    const remove = (row: "old") =>
      `update lead_hour_counts set live = live - 1
        where ${row}.archived_at is null and lead_table = '${table}' and hour = substr(${row}.created_at, 1, 13);`;
    await sql
      .raw(
        `create trigger ${table}_hour_counts_insert after insert on ${table} begin ${add("new")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_hour_counts_delete after delete on ${table} begin ${remove("old")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_hour_counts_update after update of archived_at, created_at on ${table}
          begin ${remove("old")} ${add("new")} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of LEAD_TABLES) {
      await sql`drop trigger if exists ${sql.ref(`${table}_hour_counts`)} on ${sql.table(table)}`.execute(
        db,
      );
      await sql`drop index if exists ${sql.ref(`${table}_unassigned_idx`)}`.execute(db);
    }
    await sql`drop function if exists lead_hour_counts_track()`.execute(db);
  } else {
    for (const table of LEAD_TABLES) {
      for (const op of ["insert", "delete", "update"]) {
        await sql.raw(`drop trigger if exists ${table}_hour_counts_${op}`).execute(db);
      }
    }
  }
  await db.schema.dropTable("lead_hour_counts").execute();
}
