// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The Client Center (issue 29, decision 0077): a client's service request is worked as a
 * lead is (the same workspace columns, search text and index, live hour counts), and holds
 * its kind's own fields as JSON (`details`). Its files live in the database, so every
 * instance reads them; a request and its files are written in one transaction. The
 * reference's number comes from a counter per year, taken before the request is stored
 * (a refused or repeated submission leaves a gap, never a duplicate).
 */
const TABLE = "service_requests";

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable(TABLE)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("person_id", "text", (c) => c.references("persons.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("policy_number", "text", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull())
    .addColumn("due_on", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_changed_at", "text")
    .addColumn("assigned_to", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("follow_up_on", "text")
    .addColumn("next_task_at", "text", (c) => c.notNull())
    .addColumn("lost_reason", "text")
    .addColumn("lost_detail", "text")
    .addColumn("archived_at", "text")
    .addColumn("archived_by", "text")
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("updated_at", "text")
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("first_touch_source", "text")
    .addColumn("first_touch_medium", "text")
    .addColumn("first_touch_campaign", "text")
    .addColumn("first_response_at", "text")
    .addColumn("first_response_seconds", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  const indexes: [string, string[]][] = [
    ["created_id", ["archived_at", "created_at", "id"]],
    ["due_id", ["archived_at", "due_on", "id"]],
    ["name_id", ["archived_at", "name", "id"]],
    ["kind_id", ["archived_at", "kind", "id"]],
    ["next_task_id", ["archived_at", "next_task_at", "id"]],
    ["live_status", ["archived_at", "status", "created_at", "id"]],
    ["person", ["person_id", "created_at"]],
    ["assigned", ["assigned_to", "status", "due_on"]],
  ];
  for (const [name, columns] of indexes) {
    await db.schema.createIndex(`${TABLE}_${name}_idx`).on(TABLE).columns(columns).execute();
  }
  // The prospect timeline reads an email's requests as it reads its leads.
  await sql`create index service_requests_email_idx on service_requests (lower(email), archived_at)`.execute(
    db,
  );

  await db.schema
    .createTable("service_attachments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) =>
      c.notNull().references(`${TABLE}.id`).onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("data", isPostgres ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("service_attachments_request_idx")
    .on("service_attachments")
    .columns(["request_id", "position"])
    .execute();

  await db.schema
    .createTable("service_reference_counters")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();

  if (isPostgres) {
    await sql`create trigger service_requests_hour_counts
      after insert or delete or update of archived_at, created_at on service_requests
      for each row execute function lead_hour_counts_track()`.execute(db);
    await sql`create index service_requests_unassigned_idx on service_requests (created_at, id)
      where archived_at is null and assigned_to is null`.execute(db);
    const trigrams = await sql<{ name: string }>`
      select extname as name from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (trigrams.rows.length > 0) {
      await sql`create index service_requests_search_text_trgm_idx on service_requests
        using gin (search_text gin_trgm_ops)`.execute(db);
    }
    return;
  }
  const add = `insert into lead_hour_counts (lead_table, hour, live)
    select '${TABLE}', substr(new.created_at, 1, 13), 1 where new.archived_at is null
    on conflict (lead_table, hour) do update set live = live + 1;`;
  const remove = `update lead_hour_counts set live = live - 1
    where old.archived_at is null and lead_table = '${TABLE}' and hour = substr(old.created_at, 1, 13);`;
  await sql
    .raw(`create trigger ${TABLE}_hour_counts_insert after insert on ${TABLE} begin ${add} end`)
    .execute(db);
  await sql
    .raw(`create trigger ${TABLE}_hour_counts_delete after delete on ${TABLE} begin ${remove} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger ${TABLE}_hour_counts_update after update of archived_at, created_at on ${TABLE}
        begin ${remove} ${add} end`,
    )
    .execute(db);
  await db.schema.createIndex(`${TABLE}_search_text_idx`).on(TABLE).column("search_text").execute();
  const fts = `${TABLE}_search`;
  await sql
    .raw(
      `create virtual table ${fts} using fts5(search_text, content='${TABLE}', content_rowid='rowid', tokenize='trigram')`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_insert after insert on ${TABLE} begin
        insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_delete after delete on ${TABLE} begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_update after update of search_text on ${TABLE} begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
        insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
      end`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (!isPostgres) {
    for (const op of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists ${TABLE}_hour_counts_${op}`).execute(db);
      await sql.raw(`drop trigger if exists ${TABLE}_search_${op}`).execute(db);
    }
    await sql.raw(`drop table if exists ${TABLE}_search`).execute(db);
  }
  await sql`delete from lead_hour_counts where lead_table = ${TABLE}`.execute(db);
  await db.schema.dropTable("service_reference_counters").execute();
  await db.schema.dropTable("service_attachments").execute();
  await db.schema.dropTable(TABLE).execute();
}
