// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, PostgresAdapter, sql } from "kysely";

/**
 * Trigram indexes for the dashboard's substring search (`q`) on PostgreSQL: one GIN index
 * per lead table over the lowercased columns that `q` searches, so `lower(col) like '%x%'`
 * reads the index instead of every row. SQLite scans 10,000 rows fast enough without them.
 *
 * pg_trgm ships with PostgreSQL and is a trusted extension (a database owner may create
 * it). Where it is not installed, the indexes are skipped and search still works, by scan.
 */
const INDEXES: [name: string, table: string, columns: string[]][] = [
  [
    "auto_quotes_search_trgm_idx",
    "auto_quotes",
    [
      "first_name",
      "last_name",
      "email",
      "phone",
      "vehicle_make",
      "vehicle_model",
      "vehicle_year",
      "city",
      "zip",
    ],
  ],
  [
    "contacts_search_trgm_idx",
    "contacts",
    ["first_name", "last_name", "email", "phone", "subject", "message"],
  ],
  [
    "appointments_search_trgm_idx",
    "appointments",
    ["name", "email", "phone", "service", "message", "date"],
  ],
];

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) {
    console.warn("pg_trgm is not installed: dashboard search will scan instead of using indexes");
    return;
  }
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [name, table, columns] of INDEXES) {
    const expressions = sql.join(columns.map((c) => sql`lower(${sql.ref(c)}) gin_trgm_ops`));
    await sql`create index if not exists ${sql.ref(name)} on ${sql.table(table)} using gin (${expressions})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [name] of INDEXES) await sql`drop index if exists ${sql.ref(name)}`.execute(db);
}
