// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * A slot holds up to "agents per slot" appointments (issue 15, decision 0033). Each live
 * appointment that keeps its time holds one numbered seat of its slot: unique (date, time,
 * seat) lets the database refuse a second holder of a seat whatever the app does, and a null
 * seat (cancelled, rescheduled, archived) holds nothing. It replaces unique (date, time),
 * which allowed one appointment per slot for ever, even archived or cancelled ones.
 *
 * Every appointment stored before held its slot under the old constraint, so each live one
 * takes seat 1 (at most one per slot); archived ones give their slot back.
 *
 * SQLite cannot drop a table constraint: the table is rebuilt (rowids kept, so its FTS index
 * stays valid) and its indexes and triggers are created again from their stored SQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table appointments drop constraint appointments_date_time_unique`.execute(db);
    await sql`alter table appointments add column seat integer`.execute(db);
  } else {
    await rebuildSqliteWithoutSlotConstraint(db);
  }
  await sql`update appointments set seat = 1 where archived_at is null`.execute(db);
  await sql`create unique index appointments_slot_seat_idx on appointments (date, time, seat)`.execute(
    db,
  );
}

/** Whether a unique index over exactly (date, time) is still on the table. */
async function hasSlotUniqueIndex(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ name: string; unique: number }>`
    select name, "unique" from pragma_index_list('appointments')`.execute(db);
  for (const index of rows.filter((r) => r.unique === 1)) {
    const { rows: columns } = await sql<{ name: string }>`
      select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
    if (columns.map((c) => c.name).join(",") === "date,time") return true;
  }
  return false;
}

async function rebuildSqliteWithoutSlotConstraint(db: Kysely<any>): Promise<void> {
  if (!(await hasSlotUniqueIndex(db))) {
    // Already without it (a database migrated down and up again): only the column is new.
    await sql.raw("alter table appointments add column seat integer").execute(db);
    return;
  }
  const { rows: tables } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'appointments'`.execute(db);
  const createSql = tables[0]?.sql ?? "";
  const constraint = /,\s*constraint "appointments_date_time_unique" unique \("date", "time"\)/i;
  if (!constraint.test(createSql)) throw new Error("appointments: slot constraint not found");
  const { rows: dependents } = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'appointments' and type in ('index', 'trigger') and sql is not null
    order by type, name`.execute(db);
  const { rows: columns } = await sql<{ name: string }>`
    select name from pragma_table_info('appointments') order by cid`.execute(db);
  const list = columns.map((c) => `"${c.name}"`).join(", ");
  await sql
    .raw(
      createSql
        .replace(constraint, "")
        .replace(/^CREATE TABLE "appointments"/i, 'CREATE TABLE "appointments_rebuilt"'),
    )
    .execute(db);
  await sql
    .raw(
      `insert into appointments_rebuilt (rowid, ${list}) select rowid, ${list} from appointments`,
    )
    .execute(db);
  await sql.raw("drop table appointments").execute(db);
  await sql.raw("alter table appointments_rebuilt rename to appointments").execute(db);
  for (const { sql: statement } of dependents) await sql.raw(statement).execute(db);
  await sql.raw("alter table appointments add column seat integer").execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists appointments_slot_seat_idx`.execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table appointments drop column seat`.execute(db);
    await sql`alter table appointments add constraint appointments_date_time_unique unique (date, time)`.execute(
      db,
    );
    return;
  }
  // SQLite: the column goes; the old constraint would need another rebuild and is not restored.
  await sql`alter table appointments drop column seat`.execute(db);
}
