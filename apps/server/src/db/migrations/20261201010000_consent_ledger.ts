// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * What each person was told and agreed to (issue 30 §1, decision 0080).
 *
 * - `submission_notices`: one row per public submission (a quote, a message, a booking, a
 *   Client Center request): the notice of information practices' version shown, whether
 *   the optional call/text consent was ticked and its wording's version, the page, the time.
 * - `consent_ledger`: per person, every consent given or revoked, by whom, when and how.
 *   It is only ever added to: the database refuses an UPDATE, and a DELETE of an entry
 *   younger than five years (the TCPA's four-year limitation period and a year's margin),
 *   on both engines, whatever the application asks.
 */
const KEEP_DAYS = 1826;

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("submission_notices")
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("person_id", "text")
    .addColumn("notice_version", "text", (c) => c.notNull())
    .addColumn("contact_consent", "integer", (c) => c.notNull())
    .addColumn("consent_version", "text", (c) => c.notNull())
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("submission_notices_pk", ["subject_type", "subject_id"])
    .execute();
  await db.schema
    .createIndex("submission_notices_person_idx")
    .on("submission_notices")
    .columns(["person_id", "created_at"])
    .execute();

  await db.schema
    .createTable("consent_ledger")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("event", "text", (c) => c.notNull())
    .addColumn("wording_version", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("via", "text", (c) => c.notNull())
    .addColumn("form", "text", (c) => c.notNull())
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("subject_type", "text")
    .addColumn("subject_id", "text")
    .addColumn("by_user_id", "text")
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("consent_ledger_person_idx")
    .on("consent_ledger")
    .columns(["person_id", "created_at", "id"])
    .execute();

  if (isPostgres) {
    await sql
      .raw(`create function consent_ledger_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          raise exception 'consent_ledger is append-only' using errcode = 'P0001';
        end if;
        if old.created_at > to_char((now() at time zone 'utc') - interval '${KEEP_DAYS} days',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
          raise exception 'consent_ledger entries are kept ${KEEP_DAYS} days' using errcode = 'P0001';
        end if;
        return old;
      end $$`)
      .execute(db);
    await sql`create trigger consent_ledger_append_only before update or delete on consent_ledger
      for each row execute function consent_ledger_append_only()`.execute(db);
  } else {
    await sql`create trigger consent_ledger_no_update before update on consent_ledger
      begin select raise(abort, 'consent_ledger is append-only'); end`.execute(db);
    await sql
      .raw(`create trigger consent_ledger_no_delete before delete on consent_ledger
      when old.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${KEEP_DAYS} days')
      begin select raise(abort, 'consent_ledger entries are kept ${KEEP_DAYS} days'); end`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable("consent_ledger").execute();
  if (isPostgres) await sql`drop function consent_ledger_append_only()`.execute(db);
  await db.schema.dropTable("submission_notices").execute();
}
