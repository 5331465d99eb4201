import type { ListQuery } from "@agency/domain";
import { type Kysely, type SelectQueryBuilder, sql } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { nowIso } from "../lib/ids.ts";

export type LeadTable = "auto_quotes" | "contacts" | "appointments";

/** How mail and audit entries name a lead of each table. */
export const RELATED_TYPE = {
  auto_quotes: "auto_quote",
  contacts: "contact",
  appointments: "appointment",
} as const;

export type ListSpec<T extends LeadTable, SortKey extends string = string> = {
  table: T;
  /** Columns that `q` searches, case-insensitively, anywhere in the text. */
  searchColumns: readonly string[];
  /** Sort names the API accepts and the columns they order by (ties broken by id). */
  sorts: Record<SortKey, readonly string[]>;
  defaultSort: { key: SortKey; direction: "asc" | "desc" };
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
export async function listPage<T extends LeadTable, SortKey extends string>(
  db: Kysely<Database>,
  spec: ListSpec<T, SortKey>,
  params: ListQuery,
): Promise<{ rows: Database[T][]; total: number }> {
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

/**
 * Deletes a lead record for an admin: the row (a quote's drivers go with it by foreign
 * key), the mail queued about it (which repeats its personal data), and an audit entry.
 */
export async function deleteRecord(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  actor: { userId: string; ip: string },
  notFoundMessage: string,
): Promise<void> {
  const relatedType = RELATED_TYPE[table];
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom(table).where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw notFound(notFoundMessage);
    await trx
      .deleteFrom("mail_outbox")
      .where("related_type", "=", relatedType)
      .where("related_id", "=", id)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "record.deleted",
      target: { type: relatedType, id },
      ip: actor.ip,
    });
  });
}

/** Moves a lead to another status (checked by the caller), with an audit entry; answers the new state. */
export async function changeStatus(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  status: string,
  actor: { userId: string; ip: string },
  now: Date,
): Promise<{ status: string; statusChangedAt: string }> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom(table)
      .select(["status", "status_changed_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) throw notFound("Not found");
    if (current.status === status) {
      return { status, statusChangedAt: current.status_changed_at ?? nowIso(now) };
    }
    const changedAt = nowIso(now);
    await trx
      .updateTable(table)
      .set({ status, status_changed_at: changedAt })
      .where("id", "=", id)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "record.status",
      target: { type: RELATED_TYPE[table], id },
      ip: actor.ip,
      details: { from: current.status, to: status },
    });
    return { status, statusChangedAt: changedAt };
  });
}
