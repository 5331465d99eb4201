// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Renewals and X-dates (issue 28 §2, decision 0073).
 *
 * - A policy number is unique per carrier (case folded) and term: a renewal keeps its
 *   number. The spec's unique policy_number goes (PostgreSQL: its constraint; SQLite cannot
 *   drop a column constraint, so the table is rebuilt as migration 20261126090000 does) and
 *   a unique index on (lower(carrier), policy_number, effective_date) comes; a plain index on
 *   policy_number keeps "this carrier's policy number" lookups (the import) quick.
 * - policies.renewal_state ("not-started", "re-marketing", "renewed", "lost") and
 *   policies.renewal_of (the term it renews; unique, so a term is renewed once). An index on
 *   expiration_date serves the renewals list and the renewal task's pass.
 * - renewal_tasks: the "made once" record of each term's renewal task (the policy's id is
 *   the key), claimed in the transaction that makes the task, whatever instance runs it.
 * - lead_x_dates: a lost lead's current carrier and its renewal date (X-date), with the
 *   task made for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table policies drop constraint if exists policies_policy_number_key`.execute(
      db,
    );
    // Migrated down and up again: down() left a plain unique index of that name.
    await sql`drop index if exists policies_policy_number_key`.execute(db);
  } else {
    await rebuildSqliteWithoutNumberConstraint(db);
  }
  await db.schema
    .alterTable("policies")
    .addColumn("renewal_state", "text", (c) => c.notNull().defaultTo("not-started"))
    .execute();
  await db.schema.alterTable("policies").addColumn("renewal_of", "text").execute();
  await sql`create unique index policies_carrier_number_term_idx on policies (lower(carrier), policy_number, effective_date)`.execute(
    db,
  );
  await db.schema
    .createIndex("policies_number_idx")
    .on("policies")
    .column("policy_number")
    .execute();
  await db.schema
    .createIndex("policies_renewal_of_idx")
    .on("policies")
    .column("renewal_of")
    .unique()
    // Partial: most terms renew nothing, and an index full of nulls reads to SQLite's
    // planner (after ANALYZE) as one key of every row, so the renewals list's join scanned.
    .where("renewal_of", "is not", null)
    .execute();
  await db.schema
    .createIndex("policies_expiration_idx")
    .on("policies")
    .columns(["expiration_date", "id"])
    .execute();

  await db.schema
    .createTable("renewal_tasks")
    .addColumn("policy_id", "text", (c) => c.primaryKey())
    .addColumn("task_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("lead_x_dates")
    .addColumn("lead_type", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("x_date", "text", (c) => c.notNull())
    .addColumn("task_id", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addPrimaryKeyConstraint("lead_x_dates_pkey", ["lead_type", "lead_id"])
    .execute();
}

/** Whether a unique index over exactly (policy_number) is still on the table. */
async function hasNumberUniqueIndex(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ name: string; unique: number }>`
    select name, "unique" from pragma_index_list('policies')`.execute(db);
  for (const index of rows.filter((r) => r.unique === 1)) {
    const { rows: columns } = await sql<{ name: string }>`
      select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
    if (columns.map((c) => c.name).join(",") === "policy_number") return true;
  }
  return false;
}

async function rebuildSqliteWithoutNumberConstraint(db: Kysely<any>): Promise<void> {
  if (!(await hasNumberUniqueIndex(db))) return;
  const { rows: tables } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'policies'`.execute(db);
  const createSql = tables[0]?.sql ?? "";
  const constraint = /("policy_number" text not null) unique/i;
  if (!constraint.test(createSql)) throw new Error("policies: policy number constraint not found");
  const { rows: dependents } = await sql<{ sql: string }>`
    select sql from sqlite_master
    where tbl_name = 'policies' and type in ('index', 'trigger') and sql is not null
    order by type, name`.execute(db);
  const { rows: columns } = await sql<{ name: string }>`
    select name from pragma_table_info('policies') order by cid`.execute(db);
  const list = columns.map((c) => `"${c.name}"`).join(", ");
  await sql
    .raw(
      createSql
        .replace(constraint, "$1")
        .replace(/^CREATE TABLE "policies"/i, 'CREATE TABLE "policies_rebuilt"'),
    )
    .execute(db);
  await sql
    .raw(`insert into policies_rebuilt (rowid, ${list}) select rowid, ${list} from policies`)
    .execute(db);
  await sql.raw("drop table policies").execute(db);
  await sql.raw("alter table policies_rebuilt rename to policies").execute(db);
  for (const { sql: statement } of dependents) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("lead_x_dates").ifExists().execute();
  await db.schema.dropTable("renewal_tasks").ifExists().execute();
  for (const index of [
    "policies_expiration_idx",
    "policies_renewal_of_idx",
    "policies_number_idx",
    "policies_carrier_number_term_idx",
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await db.schema.alterTable("policies").dropColumn("renewal_of").execute();
  await db.schema.alterTable("policies").dropColumn("renewal_state").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Terms of one number (renewals) cannot all keep it: the constraint comes back only
    // when the numbers are unique again, as before this migration.
    await sql`create unique index if not exists policies_policy_number_key on policies (policy_number)`.execute(
      db,
    );
  }
  // SQLite: the column constraint would need another rebuild and is not restored (as in
  // migration 20261126090000); issuing checks the number before inserting on both engines.
}
