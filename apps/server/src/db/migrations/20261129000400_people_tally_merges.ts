// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * People (issue 27 §1, decision 0066), after 20261129000000:
 *
 * - `person_tally`: one row ("all") counting every person, kept by triggers on `persons`
 *   whoever writes, so the unfiltered people list's total reads one row instead of
 *   counting 100,000 index entries (15 ms on PostgreSQL).
 * - `person_merges`: what each merge moved (the merged person's row, the lead ids and keys,
 *   the kept person's dates before), so it can be undone for 30 days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("person_tally")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("n", "integer", (col) => col.notNull())
    .execute();
  await sql`insert into person_tally (id, n) select 'all', count(*) from persons`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create function person_tally_track() returns trigger language plpgsql as $$
      begin
        update person_tally set n = n + (case when tg_op = 'INSERT' then 1 else -1 end)
          where id = 'all';
        return null;
      end $$`.execute(db);
    await sql`create trigger persons_tally after insert or delete on persons
      for each row execute function person_tally_track()`.execute(db);
  } else {
    await sql`create trigger persons_tally_insert after insert on persons begin
      update person_tally set n = n + 1 where id = 'all'; end`.execute(db);
    await sql`create trigger persons_tally_delete after delete on persons begin
      update person_tally set n = n - 1 where id = 'all'; end`.execute(db);
  }
  await db.schema
    .createTable("person_merges")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kept_id", "text", (col) => col.notNull())
    .addColumn("merged_id", "text", (col) => col.notNull())
    .addColumn("merged_row", "text", (col) => col.notNull())
    .addColumn("kept_before", "text", (col) => col.notNull())
    .addColumn("moved_leads", "text", (col) => col.notNull())
    .addColumn("moved_keys", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("created_by", "text")
    .addColumn("undone_at", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("person_merges").ifExists().execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists persons_tally on persons`.execute(db);
    await sql`drop function if exists person_tally_track()`.execute(db);
  } else {
    await sql`drop trigger if exists persons_tally_insert`.execute(db);
    await sql`drop trigger if exists persons_tally_delete`.execute(db);
  }
  await db.schema.dropTable("person_tally").ifExists().execute();
}
