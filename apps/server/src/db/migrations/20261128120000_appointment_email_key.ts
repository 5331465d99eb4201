// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * The per-person booking limit compares addresses by one key (decision 0048): NFKC, case
 * folded, a `+tag` dropped, so `a+tag@x.com` and a fullwidth `ａ@ｘ.com` are the person who
 * already holds `a@x.com`'s bookings. Neither engine can compute it in SQL alike (SQLite's
 * lower() is ASCII only and it has no NFKC), so it is a column the app fills:
 * `appointments.email_key`, backfilled here with a frozen copy of the rule, and indexed as
 * the lower(email) index of 20261128090000 is (the key, then archived_at and date). That
 * index stays: a prospect's timeline (dashboard/repository.ts) reads appointments by
 * lower(email), and the booking paid for it before this change too.
 */
const BATCH = 500;

// A frozen copy of packages/domain/src/email.ts (emailKey and what it calls) as of this
// migration: a migration never imports app code. migrate.test.ts checks that the two still
// agree; when they no longer do, a new migration recomputes.
export function frozenEmailKey(address: string): string {
  const folded = address
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .normalize("NFKC");
  const at = folded.lastIndexOf("@");
  if (at <= 0) return folded;
  const local = folded.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${folded.slice(at)}` : folded;
}

async function backfill(db: Kysely<any>): Promise<void> {
  let after = "";
  for (;;) {
    const rows = (await db
      .selectFrom("appointments")
      .select(["id", "email"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute()) as { id: string; email: string }[];
    if (rows.length === 0) return;
    // One statement per batch on both engines.
    const cases = sql.join(
      rows.map(({ id, email }) => sql`when ${id} then ${frozenEmailKey(email)}`),
      sql` `,
    );
    await sql`update appointments set email_key = case id ${cases} end where id in (${sql.join(rows.map((row) => row.id))})`.execute(
      db,
    );
    after = rows.at(-1)?.id ?? after;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite adds a NOT NULL column only with a default; the '' is never kept (the backfill
  // below fills every row, the app writes the key with every row). PostgreSQL takes the
  // constraint after the backfill, without a default.
  await db.schema
    .alterTable("appointments")
    .addColumn("email_key", "text", (col) => (isPostgres ? col : col.notNull().defaultTo("")))
    .execute();
  await backfill(db);
  if (isPostgres) {
    await sql`alter table appointments alter column email_key set not null`.execute(db);
  }
  await db.schema
    .createIndex("appointments_person_email_key_idx")
    .on("appointments")
    .columns(["email_key", "archived_at", "date"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("appointments_person_email_key_idx").ifExists().execute();
  await db.schema.alterTable("appointments").dropColumn("email_key").execute();
}
