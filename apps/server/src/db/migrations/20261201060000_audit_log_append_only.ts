// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The audit log is append-only for the application (issue 30 §3, decision 0084), on both
 * engines, whatever the application asks:
 *
 * - An UPDATE is always refused: an entry says what happened, and that never changes.
 * - A DELETE is refused unless the entry is older than KEEP_DAYS (five years: the
 *   insurance data security law's record keeping, Minn. Stat. 60A.9852, is the stricter of
 *   it and the 36-month lead retention), or it is one of PERSONAL_ACTIONS.
 * - PERSONAL_ACTIONS are the entries that hold a person's own details (a change's before
 *   and after, a household's members): retention deletes them with the records they are
 *   about (operations/repository.ts), and erasing a person will too. Keeping them after the
 *   record is gone would keep the personal data the purge exists to remove. Every other
 *   entry names records by id only, so it can outlive them.
 *
 * `audit_log_viewed_once`: at most one `record.viewed` per user, record and hour (the
 * hour is the first 13 characters of the ISO timestamp), so a page that refetches writes
 * one entry; the insert is ON CONFLICT DO NOTHING.
 */
const KEEP_DAYS = 1826;
const PERSONAL_ACTIONS = [
  "lead.details_changed",
  "person.updated",
  "household.linked",
  "household.changed",
  "household.unlinked",
];

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const personal = PERSONAL_ACTIONS.map((action) => `'${action}'`).join(", ");
  await sql`create unique index audit_log_viewed_once
    on audit_log (actor_user_id, target_type, target_id, substr(created_at, 1, 13))
    where action = 'record.viewed'`.execute(db);
  if (isPostgres) {
    await sql
      .raw(`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          raise exception 'audit_log is append-only' using errcode = 'P0001';
        end if;
        if old.action not in (${personal}) and old.created_at > to_char(
            (now() at time zone 'utc') - interval '${KEEP_DAYS} days',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') then
          raise exception 'audit_log entries are kept ${KEEP_DAYS} days' using errcode = 'P0001';
        end if;
        return old;
      end $$`)
      .execute(db);
    await sql`create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql
      .raw(`create trigger audit_log_no_delete before delete on audit_log
      when old.action not in (${personal})
        and old.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${KEEP_DAYS} days')
      begin select raise(abort, 'audit_log entries are kept ${KEEP_DAYS} days'); end`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPostgres) {
    await sql`drop trigger audit_log_append_only on audit_log`.execute(db);
    await sql`drop function audit_log_append_only()`.execute(db);
  } else {
    await sql`drop trigger audit_log_no_update`.execute(db);
    await sql`drop trigger audit_log_no_delete`.execute(db);
  }
  await sql`drop index audit_log_viewed_once`.execute(db);
}
