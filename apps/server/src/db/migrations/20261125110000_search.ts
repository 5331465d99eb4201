// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Finding people (issue 14): `search_text` recomputed for every lead with today's
 * normalisation, and indexed for substring search at 100,000 leads of each kind.
 *
 * - SQLite: an FTS5 table per lead table with the trigram tokenizer over `search_text`
 *   (external content: it stores only the index, keyed by the lead's rowid), kept in step
 *   by triggers. The app never runs VACUUM (which may renumber rowids); whoever does must
 *   then run `insert into <table>_search(<table>_search) values ('rebuild')`.
 * - PostgreSQL: a pg_trgm GIN index on `search_text`, where the extension exists and may
 *   be created; without it search still works, by reading the column. The three wide
 *   trigram indexes of 20261122020000 go: `q` no longer reads those columns.
 */
const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;
const OLD_TRIGRAM_INDEXES = [
  "auto_quotes_search_trgm_idx",
  "contacts_search_trgm_idx",
  "appointments_search_trgm_idx",
];
const BATCH = 500;

// A frozen copy of packages/domain/src/lead/search.ts (leadSearchText and what it calls)
// as of this migration: a migration never imports app code. search.test.ts in the server
// checks that the two still agree; when they no longer do, a new migration recomputes.
function normaliseSearchText(text: string): string {
  return (
    text
      .normalize("NFKD")
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .normalize("NFC")
      .replaceAll("ς", "σ")
      // After the folding: full-width "｜" becomes "|" only there.
      .replaceAll("|", " ")
      .replace(/[\u2018\u2019\u02BC]/g, "'")
      .replace(/\s+/gu, " ")
      .trim()
  );
}

function nationalPhoneDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

export function frozenSearchText(person: {
  name?: string;
  firstName?: string;
  lastName?: string;
  email: string;
  phone: string;
}): string {
  const first = person.firstName ?? "";
  const last = person.lastName ?? "";
  const full = normaliseSearchText(person.name ?? `${first} ${last}`);
  // One name field ("Pa Nhia Vang"): its last word is taken for the family name.
  const words = full.split(" ");
  const reversed =
    person.name === undefined
      ? normaliseSearchText(`${last} ${first}`)
      : words.length > 1
        ? [words.at(-1), ...words.slice(0, -1)].join(" ")
        : "";
  return [full, reversed, normaliseSearchText(person.email), nationalPhoneDigits(person.phone)]
    .filter(Boolean)
    .join("|");
}

type PersonRow = {
  id: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  email: string;
  phone: string;
};

async function backfill(db: Kysely<any>, table: (typeof LEAD_TABLES)[number]): Promise<void> {
  const columns =
    table === "appointments"
      ? ["id", "name", "email", "phone"]
      : ["id", "first_name", "last_name", "email", "phone"];
  let after = "";
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(columns)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute()) as PersonRow[];
    if (rows.length === 0) return;
    const texts = rows.map((row) => ({
      id: row.id,
      text: frozenSearchText(
        row.name === undefined
          ? {
              firstName: row.first_name ?? "",
              lastName: row.last_name ?? "",
              email: row.email,
              phone: row.phone,
            }
          : { name: row.name, email: row.email, phone: row.phone },
      ),
    }));
    // One statement per batch on both engines.
    const cases = sql.join(
      texts.map(({ id, text }) => sql`when ${id} then ${text}`),
      sql` `,
    );
    await sql`update ${sql.table(table)} set search_text = case id ${cases} end where id in (${sql.join(texts.map((t) => t.id))})`.execute(
      db,
    );
    after = rows.at(-1)?.id ?? after;
  }
}

async function indexSqlite(db: Kysely<any>, table: string): Promise<void> {
  const fts = `${table}_search`;
  await sql
    .raw(
      `create virtual table ${fts} using fts5(search_text, content='${table}', content_rowid='rowid', tokenize='trigram')`,
    )
    .execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
  await sql
    .raw(
      `create trigger ${fts}_insert after insert on ${table} begin
        insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_delete after delete on ${table} begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_update after update of search_text on ${table} begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
        insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
      end`,
    )
    .execute(db);
}

/** True when pg_trgm is there (or could be created) for this database. */
async function hasTrigrams(db: Kysely<any>): Promise<boolean> {
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return false;
  // A savepoint, so a refusal (no privilege) leaves the migration's transaction usable.
  await sql`savepoint search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint search_trgm`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint search_trgm`.execute(db);
    return false;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LEAD_TABLES) await backfill(db, table);
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const name of OLD_TRIGRAM_INDEXES) {
      await sql`drop index if exists ${sql.ref(name)}`.execute(db);
    }
    if (!(await hasTrigrams(db))) {
      console.warn(
        "pg_trgm is not available: dashboard search reads search_text instead of an index",
      );
      return;
    }
    for (const table of LEAD_TABLES) {
      await sql`create index ${sql.ref(`${table}_search_text_trgm_idx`)} on ${sql.table(table)} using gin (search_text gin_trgm_ops)`.execute(
        db,
      );
    }
    return;
  }
  for (const table of LEAD_TABLES) await indexSqlite(db, table);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of LEAD_TABLES) {
      await sql`drop index if exists ${sql.ref(`${table}_search_text_trgm_idx`)}`.execute(db);
    }
    return;
  }
  for (const table of LEAD_TABLES) {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists ${table}_search_${trigger}`).execute(db);
    }
    await sql.raw(`drop table if exists ${table}_search`).execute(db);
  }
}
