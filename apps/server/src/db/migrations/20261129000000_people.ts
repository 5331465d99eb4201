// Frozen migration: never edit after it has shipped; add a new file instead.
import { randomBytes } from "node:crypto";
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * People (issue 27 §1, decision 0066): one person behind every quote, message and booking.
 *
 * - `persons`: the person's details, `search_text` built as a lead's is (and indexed as
 *   the lead tables are: FTS5 trigram plus a plain index on SQLite, pg_trgm on PostgreSQL),
 *   and `latest_at` (their newest lead's arrival, the list's default order).
 * - `person_keys`: the keys a lead matches a person by, one row each: "e:" + personEmailKey,
 *   "p:" + personPhoneKey. The key is the primary key, so two submissions that arrive
 *   together with the same email or phone can never make two people: the second insert
 *   of a key conflicts, and its writer reads who owns it.
 * - `person_id` on auto_quotes, contacts and appointments, indexed with `archived_at` and
 *   `created_at` (a person's live leads, newest first).
 * - `live_quotes`, `live_contacts`, `live_appointments` on `persons`: their live leads of
 *   each kind (not archived; a moved booking's old rows aside), kept by triggers on every
 *   insert, delete, archive, restore, move and change of person, whoever writes (as
 *   lead_hour_counts is, decision 0032), so the list's `has` filter and counts read a
 *   column, with a partial index per kind for its total.
 *
 * Every stored lead is grouped into people by the same rule (same email key or same phone
 * key, transitively: union-find in TypeScript), details from the group's newest lead, its
 * mailing address from its newest quote. The leads are read in batches and the people, keys
 * and links written in multi-row batches (under a minute at 100,000 leads of each kind).
 */
const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;
type LeadTable = (typeof LEAD_TABLES)[number];
const READ_BATCH = 10_000;
/** Rows per INSERT: at most ~8,000 bound values, well inside both engines' limits. */
const MAX_VALUES = 8_000;

// Frozen copies of packages/domain (person.ts personEmailKey / personPhoneKey, email.ts
// normaliseEmail, phone.ts, lead/search.ts normaliseSearchText / leadSearchText) as of this
// migration: a migration never imports app code. person/matching.test.ts checks that they
// still agree; when they no longer do, a new migration recomputes.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function normaliseSearchText(text: string): string {
  if (PRINTABLE_ASCII.test(text)) {
    return text.toLowerCase().replaceAll("|", " ").replace(/ {2,}/g, " ").trim();
  }
  return text
    .normalize("NFKD")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC")
    .replaceAll("ς", "σ")
    .replaceAll("|", " ")
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/\s+/gu, " ")
    .trim();
}

function nationalPhoneDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}

function normaliseEmail(value: string): string {
  return value.normalize("NFKC").trim();
}

export function frozenPersonEmailKey(email: string): string {
  const stored = normaliseEmail(email);
  return stored === "" ? "" : normaliseSearchText(stored);
}

export function frozenPersonPhoneKey(phone: string): string {
  const digits = nationalPhoneDigits(phone);
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : "";
}

export function frozenPersonSearchText(person: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}): string {
  const full = normaliseSearchText(`${person.firstName} ${person.lastName}`);
  const reversed = normaliseSearchText(`${person.lastName} ${person.firstName}`);
  return [full, reversed, normaliseSearchText(person.email), nationalPhoneDigits(person.phone)]
    .filter(Boolean)
    .join("|");
}

/** An appointment's one name: its last word is the last name, the rest the first. */
export function frozenSplitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? "", lastName: "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1) ?? "" };
}

type Lead = {
  table: LeadTable;
  id: string;
  createdAt: string;
  /** Not archived (and, a booking, not moved away). */
  live: boolean;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address?: { street: string; city: string; state: string; zip: string };
};

async function readLeads(db: Kysely<any>, table: LeadTable, into: Lead[]): Promise<void> {
  const columns =
    table === "appointments"
      ? ["id", "created_at", "archived_at", "rescheduled_to", "name", "email", "phone"]
      : table === "contacts"
        ? ["id", "created_at", "archived_at", "first_name", "last_name", "email", "phone"]
        : [
            "id",
            "created_at",
            "archived_at",
            "first_name",
            "last_name",
            "email",
            "phone",
            "address",
            "city",
            "state",
            "zip",
          ];
  let after = "";
  for (;;) {
    const rows = (await db
      .selectFrom(table)
      .select(columns)
      .where("id", ">", after)
      .orderBy("id")
      .limit(READ_BATCH)
      .execute()) as Record<string, string | null>[];
    for (const row of rows) {
      const names =
        table === "appointments"
          ? frozenSplitName(row.name ?? "")
          : { firstName: row.first_name ?? "", lastName: row.last_name ?? "" };
      into.push({
        table,
        id: row.id as string,
        createdAt: row.created_at as string,
        live: row.archived_at === null && (row.rescheduled_to ?? null) === null,
        ...names,
        email: row.email ?? "",
        phone: row.phone ?? "",
        ...(table === "auto_quotes"
          ? {
              address: {
                street: row.address ?? "",
                city: row.city ?? "",
                state: row.state ?? "",
                zip: row.zip ?? "",
              },
            }
          : {}),
      });
    }
    if (rows.length < READ_BATCH) return;
    after = rows.at(-1)?.id ?? after;
  }
}

/** A UUID version 7 as lib/ids.ts makes them (time first, so inserts go to the index's end). */
function newId(): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Date.now(), 0, 6);
  bytes.writeUInt8(0x70 | ((bytes[6] as number) & 0x0f), 6);
  bytes.writeUInt8(0x80 | ((bytes[8] as number) & 0x3f), 8);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type PersonRow = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  preferred_contact: null;
  notes: string;
  search_text: string;
  latest_at: string;
  created_at: string;
  updated_at: string;
  live_quotes: number;
  live_contacts: number;
  live_appointments: number;
};

const LIVE_COLUMN = {
  auto_quotes: "live_quotes",
  contacts: "live_contacts",
  appointments: "live_appointments",
} as const;

/** Groups the leads into people: rows of people, their keys, and each lead's person. */
export function groupLeads(leads: Lead[], now: string) {
  const parent = new Int32Array(leads.length);
  for (let i = 0; i < leads.length; i++) parent[i] = i;
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    let node = i;
    while (parent[node] !== root) {
      const next = parent[node] as number;
      parent[node] = root;
      node = next;
    }
    return root;
  };
  const firstWithKey = new Map<string, number>();
  const keysOf: string[][] = leads.map((lead, i) => {
    const keys: string[] = [];
    const email = frozenPersonEmailKey(lead.email);
    const phone = frozenPersonPhoneKey(lead.phone);
    if (email) keys.push(`e:${email}`);
    if (phone) keys.push(`p:${phone}`);
    for (const key of keys) {
      const first = firstWithKey.get(key);
      if (first === undefined) firstWithKey.set(key, i);
      else {
        const a = find(i);
        const b = find(first);
        if (a !== b) parent[a] = b;
      }
    }
    return keys;
  });
  const groups = new Map<number, number[]>();
  for (let i = 0; i < leads.length; i++) {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  }
  const people: PersonRow[] = [];
  const keys: { key: string; person_id: string }[] = [];
  const links: { lead_id: string; person_id: string }[] = [];
  for (const members of groups.values()) {
    // Newest first (ties by id, so the result does not depend on the read order).
    const sorted = members
      .map((i) => leads[i] as Lead)
      .sort((a, b) =>
        a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
      );
    const newest = sorted[0] as Lead;
    const email = normaliseEmail(
      sorted.find((lead) => normaliseEmail(lead.email) !== "")?.email ?? "",
    );
    const phone = frozenPersonPhoneKey(
      sorted.find((lead) => frozenPersonPhoneKey(lead.phone) !== "")?.phone ?? "",
    );
    const address = sorted.find((lead) => lead.address)?.address;
    const id = newId();
    people.push({
      id,
      first_name: newest.firstName,
      last_name: newest.lastName,
      email,
      phone,
      street: address?.street ?? "",
      city: address?.city ?? "",
      state: address?.state ?? "",
      zip: address?.zip ?? "",
      preferred_contact: null,
      notes: "",
      search_text: frozenPersonSearchText({
        firstName: newest.firstName,
        lastName: newest.lastName,
        email,
        phone,
      }),
      latest_at: newest.createdAt,
      created_at: (sorted.at(-1) as Lead).createdAt,
      updated_at: now,
      live_quotes: sorted.filter((lead) => lead.live && lead.table === "auto_quotes").length,
      live_contacts: sorted.filter((lead) => lead.live && lead.table === "contacts").length,
      live_appointments: sorted.filter((lead) => lead.live && lead.table === "appointments").length,
    });
    const own = new Set(members.flatMap((i) => keysOf[i] as string[]));
    for (const key of own) keys.push({ key, person_id: id });
    for (const lead of sorted) links.push({ lead_id: lead.id, person_id: id });
  }
  return { people, keys, links };
}

/** Rows per INSERT … SELECT FROM unnest on PostgreSQL: one array per column. */
const UNNEST_ROWS = 20_000;

async function insertAll(db: Kysely<any>, table: string, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // A few statements of one array per column (text, or integer for the counts), instead
    // of thousands of bound values each.
    const columns = Object.keys(rows[0] as object);
    for (let start = 0; start < rows.length; start += UNNEST_ROWS) {
      const part = rows.slice(start, start + UNNEST_ROWS);
      await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
        select * from unnest(${sql.join(columns.map((column) => (typeof rows[0]?.[column] === "number" ? sql`${part.map((row) => row[column])}::integer[]` : sql`${part.map((row) => row[column])}::text[]`)))})`.execute(
        db,
      );
    }
    return;
  }
  const perStatement = Math.max(1, Math.floor(MAX_VALUES / Object.keys(rows[0] as object).length));
  for (let start = 0; start < rows.length; start += perStatement) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + perStatement))
      .execute();
  }
}

/** True when pg_trgm is there (or could be created) for this database. */
async function hasTrigrams(db: Kysely<any>): Promise<boolean> {
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return false;
  await sql`savepoint people_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint people_trgm`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint people_trgm`.execute(db);
    return false;
  }
}

async function indexSearch(db: Kysely<any>, isPostgres: boolean): Promise<void> {
  if (isPostgres) {
    if (!(await hasTrigrams(db))) {
      console.warn("pg_trgm is not available: people search reads search_text instead of an index");
      return;
    }
    await sql`create index persons_search_text_trgm_idx on persons using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createIndex("persons_search_text_idx")
    .on("persons")
    .column("search_text")
    .execute();
  const fts = "persons_search";
  await sql
    .raw(
      `create virtual table ${fts} using fts5(search_text, content='persons', content_rowid='rowid', tokenize='trigram')`,
    )
    .execute(db);
  await sql.raw(`insert into ${fts}(${fts}) values ('rebuild')`).execute(db);
  await sql
    .raw(
      `create trigger ${fts}_insert after insert on persons begin
        insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_delete after delete on persons begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_update after update of search_text on persons begin
        insert into ${fts}(${fts}, rowid, search_text) values ('delete', old.rowid, old.search_text);
        insert into ${fts}(rowid, search_text) values (new.rowid, new.search_text);
      end`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("persons")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("phone", "text", (col) => col.notNull())
    .addColumn("street", "text", (col) => col.notNull())
    .addColumn("city", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull())
    .addColumn("zip", "text", (col) => col.notNull())
    .addColumn("preferred_contact", "text")
    .addColumn("notes", "text", (col) => col.notNull())
    .addColumn("search_text", "text", (col) => col.notNull())
    .addColumn("latest_at", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("live_quotes", "integer", (col) => col.notNull())
    .addColumn("live_contacts", "integer", (col) => col.notNull())
    .addColumn("live_appointments", "integer", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("person_keys")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("person_id", "text", (col) => col.notNull())
    .execute();
  for (const table of LEAD_TABLES) {
    await db.schema.alterTable(table).addColumn("person_id", "text").execute();
  }

  const leads: Lead[] = [];
  for (const table of LEAD_TABLES) await readLeads(db, table, leads);
  const { people, keys, links } = groupLeads(leads, new Date().toISOString());
  await insertAll(db, "persons", people);
  await insertAll(db, "person_keys", keys);
  // Each lead's person through a work table: one UPDATE per lead table.
  await db.schema
    .createTable("person_lead_links")
    .addColumn("lead_id", "text", (col) => col.primaryKey())
    .addColumn("person_id", "text", (col) => col.notNull())
    .execute();
  await insertAll(db, "person_lead_links", links);
  for (const table of LEAD_TABLES) {
    if (isPostgres) {
      // Every row gets a new version, and each of the table's indexes an entry for it (the
      // trigram index most slowly): they are dropped for the update and built again after,
      // from their own definitions (3× faster at 100,000 rows). Indexes that back a
      // constraint (the primary key) stay.
      const { rows: indexes } = await sql<{ name: string; definition: string }>`
        select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = ${table}
          and not exists (select 1 from pg_constraint c
            where c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`.execute(
        db,
      );
      for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
      await sql`update ${sql.table(table)} as lead set person_id = link.person_id
        from person_lead_links as link where link.lead_id = lead.id`.execute(db);
      for (const index of indexes) await sql.raw(index.definition).execute(db);
    } else {
      await sql`update ${sql.table(table)} set person_id =
        (select person_id from person_lead_links where lead_id = ${sql.table(table)}.id)`.execute(
        db,
      );
    }
  }
  await db.schema.dropTable("person_lead_links").execute();

  for (const table of LEAD_TABLES) {
    await db.schema
      .createIndex(`${table}_person_idx`)
      .on(table)
      .columns(["person_id", "archived_at", "created_at"])
      .execute();
  }
  await db.schema
    .createIndex("person_keys_person_idx")
    .on("person_keys")
    .column("person_id")
    .execute();
  await db.schema
    .createIndex("persons_latest_idx")
    .on("persons")
    .columns(["latest_at", "id"])
    .execute();
  await db.schema
    .createIndex("persons_created_idx")
    .on("persons")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("persons_name_idx")
    .on("persons")
    .columns(["last_name", "first_name", "id"])
    .execute();
  await indexSearch(db, isPostgres);
  for (const column of Object.values(LIVE_COLUMN)) {
    await sql`create index ${sql.ref(`persons_${column}_idx`)} on persons (id) where ${sql.ref(column)} > 0`.execute(
      db,
    );
  }
  await trackLiveLeads(db, isPostgres);
}

/**
 * Keeps `persons.live_*` by triggers: a lead counts for its person while it is not
 * archived (and, a booking, not moved away: `rescheduled_to` is null).
 */
async function trackLiveLeads(db: Kysely<any>, isPostgres: boolean): Promise<void> {
  if (isPostgres) {
    await sql`create function persons_live_track() returns trigger language plpgsql as $$
      declare
        is_old_live boolean := false;
        is_new_live boolean := false;
      begin
        if tg_op <> 'INSERT' then
          is_old_live := old.person_id is not null and old.archived_at is null
            and (tg_table_name <> 'appointments' or (to_jsonb(old) ->> 'rescheduled_to') is null);
        end if;
        if tg_op <> 'DELETE' then
          is_new_live := new.person_id is not null and new.archived_at is null
            and (tg_table_name <> 'appointments' or (to_jsonb(new) ->> 'rescheduled_to') is null);
        end if;
        if is_old_live and is_new_live and old.person_id = new.person_id then
          return null;
        end if;
        if is_old_live then
          execute format('update persons set %I = %I - 1 where id = $1', tg_argv[0], tg_argv[0])
            using old.person_id;
        end if;
        if is_new_live then
          execute format('update persons set %I = %I + 1 where id = $1', tg_argv[0], tg_argv[0])
            using new.person_id;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of LEAD_TABLES) {
      const columns =
        table === "appointments"
          ? "person_id, archived_at, rescheduled_to"
          : "person_id, archived_at";
      await sql
        .raw(
          `create trigger ${table}_person_live after insert or delete or update of ${columns} on ${table}
            for each row execute function persons_live_track('${LIVE_COLUMN[table]}')`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of LEAD_TABLES) {
    const column = LIVE_COLUMN[table];
    const live = (row: "old" | "new") =>
      `${row}.person_id is not null and ${row}.archived_at is null${table === "appointments" ? ` and ${row}.rescheduled_to is null` : ""}`;
    const add = (row: "old" | "new") =>
      `update persons set ${column} = ${column} + 1 where id = ${row}.person_id and ${live(row)};`;
    const remove = (row: "old" | "new") =>
      `update persons set ${column} = ${column} - 1 where id = ${row}.person_id and ${live(row)};`;
    const columns =
      table === "appointments"
        ? "person_id, archived_at, rescheduled_to"
        : "person_id, archived_at";
    await sql
      .raw(
        `create trigger ${table}_person_live_insert after insert on ${table} begin ${add("new")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_person_live_delete after delete on ${table} begin ${remove("old")} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_person_live_update after update of ${columns} on ${table}
          begin ${remove("old")} ${add("new")} end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of LEAD_TABLES) {
    if (isPostgres) {
      await sql.raw(`drop trigger if exists ${table}_person_live on ${table}`).execute(db);
    } else {
      for (const op of ["insert", "delete", "update"]) {
        await sql.raw(`drop trigger if exists ${table}_person_live_${op}`).execute(db);
      }
    }
  }
  if (isPostgres) await sql`drop function if exists persons_live_track()`.execute(db);
  for (const table of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_person_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn("person_id").execute();
  }
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger if exists persons_search_${trigger}`).execute(db);
    }
    await sql.raw("drop table if exists persons_search").execute(db);
  }
  await db.schema.dropTable("person_keys").ifExists().execute();
  await db.schema.dropTable("persons").ifExists().execute();
}
