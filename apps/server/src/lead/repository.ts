import {
  DEFAULT_PAGE_LIMIT,
  INDEXED_SEARCH_TERM_LENGTH,
  type ListQuery,
  leadSearchTerm,
  leadSearchText,
  normaliseSearchText,
  receivedBounds,
  SEARCH_FIELD_SEPARATOR,
} from "@agency/domain";
import { type Kysely, type SelectQueryBuilder, SqliteAdapter, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";
import { countLive } from "./live-counts.ts";
import type { LeadTable } from "./tables.ts";

export type ListSpec<T extends LeadTable, SortKey extends string = string> = {
  table: T;
  /** Sort names the API accepts and the columns they order by (ties broken by id). */
  sorts: Record<SortKey, readonly string[]>;
  defaultSort: { key: SortKey; direction: "asc" | "desc" };
};

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The helper serves three tables with one code path, so it builds untyped queries and
// hands back rows typed by the caller's table.
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyQuery = SelectQueryBuilder<any, any, any>;

function isSqlite(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** At most this many matches are listed by rowid (SQLite); more are found by walking an index. */
const LISTED_MATCHES = 1000;

/**
 * How a search narrows a query, decided once per request from the term and, on SQLite,
 * from how many rows match.
 */
export type SearchFilter = { apply: (query: AnyQuery, table: SearchableTable) => AnyQuery };

/** The tables with a `search_text` column and its indexes: the leads, and people (decision 0066). */
export type SearchableTable = LeadTable | "persons";

/**
 * The rows whose `search_text` holds `term` (a `leadSearchTerm`, never empty) as a
 * substring.
 *
 * PostgreSQL: `like`, which the pg_trgm GIN index serves where it exists; up to 1,000
 * matches are listed by id first, as on SQLite.
 *
 * SQLite: the rowids come from the table's FTS5 trigram index (a term of 3 or more
 * characters; migration 20261125110000) or from the narrow `search_text` index (shorter
 * terms; 20261125110100). Up to 1,000 matches are listed and the query reads just those
 * rows. More matches ("ali", "son") would cost a row lookup each, so the query walks its
 * sort index instead (`+rowid` keeps the planner from driving by the list) and stops at
 * the page: the first 25 of 5,000 matches are a few hundred index steps away.
 */
export async function searchFilter(
  db: Kysely<Database>,
  table: SearchableTable,
  term: string,
): Promise<SearchFilter> {
  if (!isSqlite(db)) {
    // The same rule as SQLite's: left to itself, the planner walks a sort index hoping to
    // meet 25 matches early, and for a rare term reads most of the table (a name sorted by
    // email: 70,000 rows, 114 ms at 100,000 messages). The trigram index lists the matches first.
    const like = sql`${likePattern(term)} escape '\\'`;
    const listed = await sql<{ id: string }>`select id from ${sql.table(table)}
      where search_text like ${like} limit ${LISTED_MATCHES + 1}`.execute(db);
    if (listed.rows.length <= LISTED_MATCHES) {
      const ids = listed.rows.map((row) => row.id);
      return {
        apply: (query) => query.where(sql.ref(`${table}.id`), "=", sql`any(${ids}::text[])`),
      };
    }
    return { apply: (query) => query.where(sql.ref(`${table}.search_text`), "like", like) };
  }
  const isIndexed = [...term].length >= INDEXED_SEARCH_TERM_LENGTH;
  const fts = sql.table(`${table}_search`);
  const matching = isIndexed
    ? sql`select rowid from ${fts} where ${fts} match ${`"${term.replaceAll('"', '""')}"`}`
    : sql`select rowid from ${sql.table(table)} indexed by ${sql.ref(`${table}_search_text_idx`)} where instr(search_text, ${term}) > 0`;
  const listed = await sql<{ rowid: number }>`${matching} limit ${LISTED_MATCHES + 1}`.execute(db);
  if (listed.rows.length <= LISTED_MATCHES) {
    const rowids = JSON.stringify(listed.rows.map((row) => row.rowid));
    return {
      apply: (query) =>
        query.where(sql.ref(`${table}.rowid`), "in", sql`(select value from json_each(${rowids}))`),
    };
  }
  return {
    apply: (query) => query.where(sql`+${sql.ref(`${table}.rowid`)}`, "in", sql`(${matching})`),
  };
}

/** Every filter but the search: archived, status, arrival date (and whatever joins them). */
function applyFilters(query: AnyQuery, params: ListQuery, now: Date): AnyQuery {
  // Archived leads are in no list unless the Archived filter asks for them (and then only they are).
  let filtered =
    params.archived === "true"
      ? query.where("archived_at", "is not", null)
      : query.where("archived_at", "is", null);
  if (params.status) filtered = filtered.where("status", "=", params.status);
  // "me" is replaced by the caller's id in the route (withCaller); "none" is nobody yet.
  if (params.assigned === "none") filtered = filtered.where("assigned_to", "is", null);
  else if (params.assigned) filtered = filtered.where("assigned_to", "=", params.assigned);
  const { start, end } = receivedBounds(params, now);
  if (start) filtered = filtered.where("created_at", ">=", start);
  if (end) filtered = filtered.where("created_at", "<", end);
  return filtered;
}

/** The columns a list is ordered by (ties broken by id) and the one direction of them all. */
function orderOf<SortKey extends string>(
  spec: ListSpec<LeadTable, SortKey>,
  params: ListQuery,
): { columns: readonly string[]; direction: "asc" | "desc" } {
  const [sortKey, sortDirection] = (params.sort ?? "").split(":");
  // Own keys only: "constructor" or "__proto__" must not reach Object.prototype.
  const isKnownSort = Boolean(sortKey && Object.hasOwn(spec.sorts, sortKey));
  const columns =
    (isKnownSort ? spec.sorts[sortKey as SortKey] : spec.sorts[spec.defaultSort.key]) ?? [];
  const direction =
    sortDirection === "asc" || sortDirection === "desc"
      ? sortDirection
      : isKnownSort
        ? "asc"
        : spec.defaultSort.direction;
  return { columns, direction };
}

/** A list's query parts: its order, and its table's rows that pass the search and every filter. */
async function listQueryParts<T extends LeadTable, SortKey extends string>(
  db: Kysely<Database>,
  spec: ListSpec<T, SortKey>,
  params: ListQuery,
  now: Date,
) {
  const { columns, direction } = orderOf(spec, params);
  // biome-ignore lint/suspicious/noExplicitAny: see AnyQuery
  const untyped = db as unknown as Kysely<any>;
  const ordered = (query: AnyQuery): AnyQuery => {
    let sorted = query;
    for (const column of columns) sorted = sorted.orderBy(column, direction);
    return sorted.orderBy("id", direction);
  };
  const term = params.q ? leadSearchTerm(params.q) : "";
  const search = term ? await searchFilter(db, spec.table, term) : undefined;
  // The table's rows that pass the search and every filter; selections come after.
  const filtered = () => {
    const query = applyFilters(untyped.selectFrom(spec.table as string), params, now);
    return search ? search.apply(query, spec.table) : query;
  };
  /**
   * The rows whose ids `ids` selects (a subquery that walks the narrow sort index and
   * stops at its limit), read in full and in list order: a deferred join, so a page 5,000
   * rows deep reads 5,000 index entries and only its own rows.
   */
  const rowsOf = (ids: AnyQuery) =>
    ordered(
      untyped
        .selectFrom(spec.table as string)
        .selectAll()
        .where("id", "in", ids),
    );
  return { columns, direction, ordered, filtered, search, rowsOf };
}

/**
 * The ids of one page of a lead table, in list order (`limit` rows from `offset`;
 * DEFAULT_PAGE_LIMIT when the caller names none: the route decides how many an unpaged call
 * gets, decision 0047), with the total matching the filters. The ids come from the narrow
 * sort index alone, so a page 5,000 rows deep reads 5,000 index entries and no row;
 * `rowsByIds` reads the rows, a slice at a time if the caller likes.
 */
export async function listPageIds<T extends LeadTable, SortKey extends string>(
  db: Kysely<Database>,
  spec: ListSpec<T, SortKey>,
  params: ListQuery,
  now: Date = new Date(),
): Promise<{ ids: string[]; total: number }> {
  const { ordered, filtered, search } = await listQueryParts(db, spec, params, now);
  const ids = ordered(filtered().select("id"))
    .limit(params.limit ?? DEFAULT_PAGE_LIMIT)
    .offset(params.offset ?? 0);
  // Live leads filtered by nothing but their arrival are counted from the hourly tally.
  const isTallied = !search && !params.status && !params.assigned && params.archived !== "true";
  const { start, end } = receivedBounds(params, now);
  const total = isTallied
    ? countLive(db, spec.table, start ?? null, end ?? null)
    : filtered()
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow()
        .then((count) => Number((count as { n: unknown }).n));
  const [rows, n] = await Promise.all([ids.execute(), total]);
  return { ids: rows.map((row) => String((row as { id: unknown }).id)), total: n };
}

/** The rows of these ids, in the order of `ids`; an id deleted since is left out. */
export async function rowsByIds<T extends LeadTable>(
  db: Kysely<Database>,
  table: T,
  ids: readonly string[],
): Promise<Database[T][]> {
  if (ids.length === 0) return [];
  // biome-ignore lint/suspicious/noExplicitAny: see AnyQuery
  const untyped = db as unknown as Kysely<any>;
  const rows = (await untyped
    .selectFrom(table as string)
    .selectAll()
    .where("id", "in", ids)
    .execute()) as (Database[T] & { id: string })[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row as Database[T]] : [];
  });
}

/**
 * Every row of a lead table that the filters match, in list order, `batchSize` at a time
 * (the CSV export, decision 0047). Each batch seeks past the last row of the one before by
 * its sort columns and id (a keyset: every sort column is NOT NULL, and id breaks ties), so a
 * batch costs the same however deep it is, and a lead that arrives or is archived during
 * the export shifts nothing: no row is written twice or skipped for it.
 */
export async function* listBatches<T extends LeadTable, SortKey extends string>(
  db: Kysely<Database>,
  spec: ListSpec<T, SortKey>,
  params: ListQuery,
  now: Date,
  batchSize: number,
): AsyncGenerator<Database[T][]> {
  const { columns, direction, ordered, filtered, rowsOf } = await listQueryParts(
    db,
    spec,
    params,
    now,
  );
  const keys = [...columns, "id"];
  let last: Record<string, unknown> | undefined;
  for (;;) {
    let ids = filtered().select("id");
    if (last) {
      const after = last;
      // A row value comparison, which both engines order exactly as ORDER BY does.
      ids = ids.where(
        sql<boolean>`(${sql.join(keys.map((key) => sql.ref(`${spec.table}.${key}`)))}) ${sql.raw(direction === "desc" ? "<" : ">")} (${sql.join(keys.map((key) => after[key]))})`,
      );
    }
    const rows = (await rowsOf(ordered(ids).limit(batchSize)).execute()) as Database[T][];
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows.at(-1) as Record<string, unknown>;
  }
}

/** One row of a lead table by id, or undefined. */
export function findLeadRow<T extends LeadTable>(
  db: Kysely<Database>,
  table: T,
  id: string,
): Promise<Database[T] | undefined> {
  // biome-ignore lint/suspicious/noExplicitAny: see AnyQuery
  const untyped = db as unknown as Kysely<any>;
  return untyped
    .selectFrom(table as string)
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst() as Promise<Database[T] | undefined>;
}

/** Archives a live row: false when the id is unknown or already archived. */
export async function markArchived(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  actorUserId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ archived_at: nowIso(now), archived_by: actorUserId, updated_at: nowIso(now) })
    .where("id", "=", id)
    .where("archived_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Brings back a row archived at or after `cutoff`: false when there is none such. */
export async function markRestored(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  cutoff: Date,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ archived_at: null, archived_by: null, updated_at: nowIso(now) })
    .where("id", "=", id)
    .where("archived_at", "is not", null)
    .where("archived_at", ">=", nowIso(cutoff))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A lead's status and lost reason as stored, or undefined. */
export function findLeadStatus(db: Kysely<Database>, table: LeadTable, id: string) {
  return db
    .selectFrom(table)
    .select(["status", "status_changed_at", "lost_reason", "lost_detail"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Stores a lead's status and lost reason. */
export async function updateLeadStatus(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  row: {
    status: string;
    status_changed_at: string;
    lost_reason: string | null;
    lost_detail: string | null;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable(table).set(row).where("id", "=", id).execute();
}

/**
 * Recomputes a lead's `search_text` from its stored name, email and phone. Call it in the
 * same transaction as any change to those fields (editing contact details), or search
 * keeps finding the old ones; the search index follows by trigger (SQLite) or by itself
 * (PostgreSQL).
 */
export async function refreshSearchText(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
): Promise<void> {
  if (table === "service_requests") {
    // A request is found by its reference too (service/submit.ts).
    const row = await db
      .selectFrom("service_requests")
      .select(["name", "email", "phone", "reference"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!row) return;
    const text = `${leadSearchText(row)}${SEARCH_FIELD_SEPARATOR}${normaliseSearchText(row.reference)}`;
    await db.updateTable(table).set({ search_text: text }).where("id", "=", id).execute();
    return;
  }
  const text =
    table === "appointments"
      ? await db
          .selectFrom("appointments")
          .select(["name", "email", "phone"])
          .where("id", "=", id)
          .executeTakeFirst()
          .then((row) => row && leadSearchText(row))
      : await db
          .selectFrom(table)
          .select(["first_name", "last_name", "email", "phone"])
          .where("id", "=", id)
          .executeTakeFirst()
          .then(
            (row) =>
              row &&
              leadSearchText({
                firstName: row.first_name,
                lastName: row.last_name,
                email: row.email,
                phone: row.phone,
              }),
          );
  if (text === undefined) return;
  await db.updateTable(table).set({ search_text: text }).where("id", "=", id).execute();
}
