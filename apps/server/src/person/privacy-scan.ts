import { type Kysely, sql } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

/**
 * Every row that mentions a person, found from the schema itself (decision 0083), so a
 * table added later is covered without anyone remembering to list it:
 *
 * - a row mentions the person when any of its columns holds one of their ids (the person's,
 *   and, transitively, the `id` of every row that does: their leads, a lead's drivers and
 *   notes, tasks, outbox rows, policies and their renewals, audit entries), or their email
 *   address or phone digits;
 * - a row found only by the email or phone that belongs to someone else (its `person_id` is
 *   another person, or it is another person's row) is left out: a shared home phone must
 *   not hand one spouse the other's file;
 * - the staff account tables (NOT_PERSON_DATA) are never read: credentials, not data about
 *   a person, and a staff member who shares an address is not the person.
 */
export const NOT_PERSON_DATA = [
  "users",
  "sessions",
  "password_tokens",
  "two_factor",
  "two_factor_recovery_codes",
  "two_factor_challenges",
  "sign_in_addresses",
  "login_failures",
] as const;

export type SchemaTable = { name: string; columns: string[]; binary: string[] };

/** Every table of the database with its columns (binary ones apart), migrations' own left out. */
export async function schemaTables(db: Kysely<Database>): Promise<SchemaTable[]> {
  const tables = await db.introspection.getTables();
  return tables
    .filter((table) => !table.isView)
    .map((table) => ({
      name: table.name,
      columns: table.columns.map((column) => column.name),
      binary: table.columns
        .filter((column) => /^(blob|bytea)$/i.test(column.dataType))
        .map((column) => column.name),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export type Row = Record<string, unknown>;
export type PersonRows = Map<string, { table: SchemaTable; rows: Row[] }>;

export type PersonNeedles = { personId: string; email: string; phone: string };

/** Between two columns' text: a character no id, address or phone holds. */
const SEPARATOR = "\u001f";

/** How many needles one query asks for: bounded so the statement stays small. */
const NEEDLES_PER_QUERY = 25;

function rowKey(table: SchemaTable, row: Row): string {
  return JSON.stringify(table.columns.map((c) => (table.binary.includes(c) ? null : row[c])));
}

async function rowsContaining(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  table: SchemaTable,
  needles: string[],
): Promise<Row[]> {
  const text = table.columns.filter((column) => !table.binary.includes(column));
  if (text.length === 0 || needles.length === 0) return [];
  // One haystack of the row's text columns (a separator no needle holds between them), so a
  // query has one test per needle, whatever the table's width: SQLite refuses an
  // expression deeper than 1000.
  const haystack = sql.join(
    text.map((column) => sql`coalesce(cast(${sql.ref(column)} as text), '')`),
    sql` || ${SEPARATOR} || `,
  );
  const found: Row[] = [];
  for (let i = 0; i < needles.length; i += NEEDLES_PER_QUERY) {
    const tests = needles
      .slice(i, i + NEEDLES_PER_QUERY)
      .map((needle) =>
        engine === "postgres"
          ? sql`strpos(lower(${haystack}), lower(${needle})) > 0`
          : sql`instr(lower(${haystack}), lower(${needle})) > 0`,
      );
    const result =
      await sql<Row>`select * from ${sql.table(table.name)} where ${sql.join(tests, sql` or `)}`.execute(
        db,
      );
    found.push(...result.rows);
  }
  return found;
}

function belongsToSomeoneElse(table: SchemaTable, row: Row, personId: string): boolean {
  if (table.name === "persons") return row.id !== personId;
  return (
    table.columns.includes("person_id") &&
    row.person_id !== null &&
    row.person_id !== undefined &&
    row.person_id !== personId
  );
}

/** Every row mentioning the person, per table (only tables with such rows), in schema order. */
export async function findPersonRows(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  needles: PersonNeedles,
): Promise<PersonRows> {
  const tables = (await schemaTables(db)).filter(
    (table) => !(NOT_PERSON_DATA as readonly string[]).includes(table.name),
  );
  const found: PersonRows = new Map();
  const seen = new Set<string>();
  const add = (table: SchemaTable, row: Row) => {
    const key = `${table.name}\u0000${rowKey(table, row)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const entry = found.get(table.name) ?? { table, rows: [] };
    entry.rows.push(row);
    found.set(table.name, entry);
    return true;
  };

  // The contact details, once: rows about the person that name them only by address.
  const contacts = [needles.email.trim(), needles.phone.replace(/\D/g, "")].filter(
    (needle) => needle.length >= 5,
  );
  const known = new Set<string>([needles.personId]);
  let next: string[] = [needles.personId];
  const follow = (row: Row) => {
    const id = row.id;
    if (typeof id === "string" && id.length >= 8 && !known.has(id)) {
      known.add(id);
      next.push(id);
    }
  };
  for (const table of tables) {
    for (const row of await rowsContaining(db, engine, table, contacts)) {
      if (belongsToSomeoneElse(table, row, needles.personId)) continue;
      add(table, row);
      follow(row);
    }
  }

  // The ids, to a fixed point: each row found by an id brings its own id along.
  while (next.length > 0) {
    const pending = next;
    next = [];
    for (const table of tables) {
      for (const row of await rowsContaining(db, engine, table, pending)) {
        add(table, row);
        follow(row);
      }
    }
  }
  return new Map([...found.entries()].sort(([a], [b]) => a.localeCompare(b)));
}
