import { queryText } from "@agency/domain";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema.ts";

/**
 * Optional paging, search, sort and status filter for the dashboard's lists. Called
 * without any of them, a list answers in full (the spec's shape).
 */
export const ListQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1, "limit must be 1 to 200")
    .max(200, "limit must be 1 to 200")
    .optional(),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more").max(10_000_000).optional(),
  q: queryText(100, "q must be at most 100 characters").optional(),
  sort: z
    .string()
    .regex(/^[a-zA-Z]+(:(asc|desc))?$/, "sort must look like field or field:asc / field:desc")
    .optional(),
  status: queryText(20, "status must be at most 20 characters").optional(),
});
export type ListQuery = z.output<typeof ListQuerySchema>;

type LeadTable = "auto_quotes" | "contacts" | "appointments";

export type ListSpec<T extends LeadTable> = {
  table: T;
  /** Columns that `q` searches, case-insensitively, anywhere in the text. */
  searchColumns: readonly string[];
  /** Sort names the API accepts and the columns they order by (ties broken by id). */
  sorts: Record<string, readonly string[]>;
  defaultSort: { key: string; direction: "asc" | "desc" };
};

/** `%` and `_` in a search are literal characters, not wildcards. */
function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// The helper serves three tables with one code path, so it builds untyped queries and
// hands back rows typed by the caller's table.
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyQuery = SelectQueryBuilder<any, any, any>;

function applyFilters(
  query: AnyQuery,
  searchColumns: readonly string[],
  params: ListQuery,
): AnyQuery {
  let filtered = query;
  if (params.status) filtered = filtered.where("status", "=", params.status);
  if (params.q) {
    const pattern = likePattern(params.q);
    filtered = filtered.where((eb) =>
      eb.or(
        searchColumns.map((column) =>
          eb(sql`lower(${sql.ref(column)})`, "like", sql`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  return filtered;
}

/** Reads one page (or everything) of a lead table, with the total matching the filters. */
export async function listPage<T extends LeadTable>(
  db: Kysely<Database>,
  spec: ListSpec<T>,
  params: ListQuery,
): Promise<{ rows: Database[T][]; total: number }> {
  const [sortKey, sortDirection] = (params.sort ?? "").split(":");
  // Own keys only: "constructor" or "__proto__" must not reach Object.prototype.
  const isKnownSort = Boolean(sortKey && Object.hasOwn(spec.sorts, sortKey));
  const columns =
    (isKnownSort ? spec.sorts[sortKey as string] : spec.sorts[spec.defaultSort.key]) ?? [];
  const direction =
    sortDirection === "asc" || sortDirection === "desc"
      ? sortDirection
      : isKnownSort
        ? "asc"
        : spec.defaultSort.direction;
  // biome-ignore lint/suspicious/noExplicitAny: see AnyQuery
  const untyped = db as unknown as Kysely<any>;

  const ordered = (query: AnyQuery): AnyQuery => {
    let sorted = query;
    for (const column of columns) sorted = sorted.orderBy(column, direction);
    return sorted.orderBy("id", direction);
  };
  // The table's rows that pass the search and the status filter; selections come after.
  const filtered = () =>
    applyFilters(untyped.selectFrom(spec.table as string), spec.searchColumns, params);
  const isPaged = params.limit !== undefined || params.offset !== undefined;
  // Deferred join when paged: find the page's ids first (the sort indexes hold every sort
  // column and id, so this walks an index, even 5,000 rows deep), then read only those rows
  // in full.
  const query = isPaged
    ? ordered(
        untyped
          .selectFrom(spec.table as string)
          .selectAll()
          .where(
            "id",
            "in",
            ordered(filtered().select("id"))
              .limit(params.limit ?? 200)
              .offset(params.offset ?? 0),
          ),
      )
    : ordered(filtered().selectAll());
  const countQuery = filtered().select(sql<number>`count(*)`.as("n"));
  const [rows, count] = await Promise.all([query.execute(), countQuery.executeTakeFirstOrThrow()]);
  return { rows: rows as Database[T][], total: Number((count as { n: unknown }).n) };
}

export function isPaged(params: ListQuery): boolean {
  return Object.values(params).some((value) => value !== undefined && value !== "");
}
