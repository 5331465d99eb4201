import {
  DEFAULT_PAGE_LIMIT,
  leadSearchTerm,
  type PeopleListQuery,
  type PeopleSortKey,
  type PersonLeadType,
} from "@agency/domain";
import { type Kysely, type SelectQueryBuilder, SqliteAdapter, sql, type Transaction } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database, PersonsTable } from "../db/schema.ts";
import { type SearchFilter, searchFilter } from "../lead/index.ts";

// biome-ignore lint/suspicious/noExplicitAny: the search filter builds untyped queries
type AnyQuery = SelectQueryBuilder<any, any, any>;

/** Each sort: the columns it orders by (ties broken by id) and its direction when none is named. */
const SORTS: Record<PeopleSortKey, { columns: readonly string[]; direction: "asc" | "desc" }> = {
  latest: { columns: ["latest_at"], direction: "desc" },
  name: { columns: ["last_name", "first_name"], direction: "asc" },
  created: { columns: ["created_at"], direction: "desc" },
};

/** The column that counts a person's live leads of each kind (kept by triggers). */
const LIVE_COLUMN_OF = {
  quote: "live_quotes",
  contact: "live_contacts",
  appointment: "live_appointments",
} as const satisfies Record<PersonLeadType, string>;

/** The list's order: `sort=name`, `sort=latest:asc`; an unknown sort is the default (latest first). */
function orderOf(sort: string | undefined) {
  const [key, direction] = (sort ?? "").split(":");
  const known = key && Object.hasOwn(SORTS, key) ? SORTS[key as PeopleSortKey] : SORTS.latest;
  return {
    columns: known.columns,
    direction:
      direction === "asc" || direction === "desc" ? direction : (known.direction as "asc" | "desc"),
  };
}

type ListParams = Pick<PeopleListQuery, "q" | "has" | "sort">;

/** The people that pass the search and the filter, and the list's order. */
async function listQueryParts(db: Kysely<Database>, params: ListParams) {
  const { columns, direction } = orderOf(params.sort);
  // biome-ignore lint/suspicious/noExplicitAny: see AnyQuery
  const untyped = db as unknown as Kysely<any>;
  const term = params.q ? leadSearchTerm(params.q) : "";
  const search: SearchFilter | undefined = term
    ? await searchFilter(db, "persons", term)
    : undefined;
  const filtered = (): AnyQuery => {
    let query: AnyQuery = untyped.selectFrom("persons");
    // A live lead of that kind: the partial index of the column counts them.
    // (A literal 0, not a parameter: only then may either engine use the partial index.)
    if (params.has) {
      query = query.where(sql<boolean>`${sql.ref(`persons.${LIVE_COLUMN_OF[params.has]}`)} > 0`);
    }
    return search ? search.apply(query, "persons") : query;
  };
  const ordered = (query: AnyQuery): AnyQuery => {
    let sorted = query;
    for (const column of columns) sorted = sorted.orderBy(`persons.${column}`, direction);
    return sorted.orderBy("persons.id", direction);
  };
  return { columns, direction, filtered, ordered, untyped };
}

/**
 * How many people pass the search and filter. Everyone is the tally's one row; SQLite counts `has` alone on the kind's
 * partial index (7 ms at 100,000 people; its planner would read every row, 17 ms).
 */
function countOf(db: Kysely<Database>, params: ListParams, filtered: () => AnyQuery) {
  // Everyone: the tally's one row (kept by triggers).
  if (!params.has && !params.q) {
    return db
      .selectFrom("person_tally")
      .select("n")
      .where("id", "=", "all")
      .executeTakeFirst()
      .then((row) => ({ n: Number(row?.n ?? 0) }));
  }
  if (params.has && !params.q && db.getExecutor().adapter instanceof SqliteAdapter) {
    const column = LIVE_COLUMN_OF[params.has];
    return sql<{ n: number }>`select count(*) as n from persons
      indexed by ${sql.ref(`persons_${column}_idx`)} where ${sql.ref(column)} > 0`
      .execute(db)
      .then((result) => result.rows[0] ?? { n: 0 });
  }
  return filtered().select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
}

/** One page of people's ids in list order, with the total that match. */
export async function peoplePageIds(
  db: Kysely<Database>,
  params: ListParams & { limit?: number; offset?: number },
): Promise<{ ids: string[]; total: number }> {
  const { filtered, ordered } = await listQueryParts(db, params);
  const [rows, count] = await Promise.all([
    ordered(filtered().select("persons.id"))
      .limit(params.limit ?? DEFAULT_PAGE_LIMIT)
      .offset(params.offset ?? 0)
      .execute(),
    countOf(db, params, filtered),
  ]);
  return {
    ids: rows.map((row) => String((row as { id: unknown }).id)),
    total: Number((count as { n: unknown }).n),
  };
}

/** These people's rows, in the order of `ids` (an id gone since is left out). */
export async function personRowsByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<PersonsTable[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom("persons").selectAll().where("id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Every person the search and filter match, in list order, `batchSize` at a time (the CSV
 * export): each batch seeks past the last row of the one before by its sort columns and id,
 * so a batch costs the same however deep it is.
 */
export async function* peopleBatches(
  db: Kysely<Database>,
  params: ListParams,
  batchSize: number,
): AsyncGenerator<PersonsTable[]> {
  const { columns, direction, filtered, ordered } = await listQueryParts(db, params);
  const keys = [...columns, "id"];
  let last: Record<string, unknown> | undefined;
  for (;;) {
    let query = filtered().selectAll("persons");
    if (last) {
      const after = last;
      query = query.where(
        sql<boolean>`(${sql.join(keys.map((key) => sql.ref(`persons.${key}`)))}) ${sql.raw(direction === "desc" ? "<" : ">")} (${sql.join(keys.map((key) => after[key]))})`,
      );
    }
    const rows = (await ordered(query).limit(batchSize).execute()) as PersonsTable[];
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows.at(-1) as Record<string, unknown>;
  }
}

export function findPersonRow(db: Kysely<Database>, id: string): Promise<PersonsTable | undefined> {
  return db.selectFrom("persons").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A person's row inside a change's transaction, locked on PostgreSQL until it commits. */
export async function findPersonForChange(
  trx: Transaction<Database>,
  id: string,
  engine: DatabaseEngine,
): Promise<PersonsTable | undefined> {
  const query = trx.selectFrom("persons").selectAll().where("id", "=", id);
  return (engine === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Gives `key` to the person, unless someone else has it: the person who owns it then
 * (themselves included), read after a concurrent owner has committed.
 */
export async function claimKey(
  trx: Transaction<Database>,
  key: string,
  personId: string,
): Promise<string | undefined> {
  await trx
    .insertInto("person_keys")
    .values({ key, person_id: personId })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const owner = await trx
    .selectFrom("person_keys")
    .select("person_id")
    .where("key", "=", key)
    .executeTakeFirst();
  return owner?.person_id;
}

export async function updatePersonRow(
  trx: Transaction<Database>,
  id: string,
  set: Partial<PersonsTable>,
): Promise<void> {
  await trx.updateTable("persons").set(set).where("id", "=", id).execute();
}

/** Every lead record of a person (archived ones and a moved booking's old rows too), by table. */
export async function leadIdsOfPerson(
  db: Kysely<Database>,
  personId: string,
): Promise<{ table: PersonLeadTable; id: string }[]> {
  const tables = PERSON_LEAD_TABLES;
  const rows = await Promise.all(
    tables.map((table) =>
      db
        .selectFrom(table)
        .select("id")
        .where("person_id", "=", personId)
        .execute()
        .then((found) => found.map((row) => ({ table, id: row.id }))),
    ),
  );
  return rows.flat();
}

const PERSON_LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;
export type PersonLeadTable = (typeof PERSON_LEAD_TABLES)[number];
/** Rows read per possible-duplicates question: the others sharing a key, newest first. */
const DUPLICATE_CANDIDATES = 500;

/**
 * The others who share a duplicate key with this person (decision 0071), most recently
 * heard from first, each with the keys shared; at most DUPLICATE_CANDIDATES rows.
 */
export async function sharingKeys(
  db: Kysely<Database>,
  personId: string,
): Promise<{ person_id: string; key: string }[]> {
  return db
    .selectFrom("person_duplicate_keys as own")
    .innerJoin("person_duplicate_keys as other", "other.key", "own.key")
    .innerJoin("persons", "persons.id", "other.person_id")
    .select(["other.person_id", "other.key"])
    .where("own.person_id", "=", personId)
    .whereRef("other.person_id", "<>", "own.person_id")
    .orderBy("persons.latest_at", "desc")
    .orderBy("persons.id", "desc")
    .orderBy("other.key")
    .limit(DUPLICATE_CANDIDATES)
    .execute();
}

/**
 * One page of the duplicate keys two or more people share, in key order (the email
 * groups, then by name), with how many there are: the partial index over those keys answers
 * both. (A literal 1, not a parameter: only then may either engine use it.)
 */
export async function sharedKeysPage(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ groups: { key: string; people: number }[]; total: number }> {
  const shared = sql<boolean>`people > 1`;
  const [groups, count] = await Promise.all([
    db
      .selectFrom("duplicate_groups")
      .select(["key", "people"])
      .where(shared)
      .orderBy("key")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom("duplicate_groups")
      .select(sql<number>`count(*)`.as("n"))
      .where(shared)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    groups: groups.map((group) => ({ key: group.key, people: Number(group.people) })),
    total: Number(count.n),
  };
}

/**
 * The people who hold each of these duplicate keys, most recently heard from first, at most
 * `limit` a key: their rows in one statement (a window over each key's holders).
 */
export async function keyHolders(
  db: Kysely<Database>,
  keys: readonly string[],
  limit: number,
): Promise<Map<string, PersonsTable[]>> {
  const byKey = new Map<string, PersonsTable[]>();
  if (keys.length === 0) return byKey;
  const ranked = db
    .selectFrom("person_duplicate_keys")
    .innerJoin("persons", "persons.id", "person_duplicate_keys.person_id")
    .selectAll("persons")
    .select([
      "person_duplicate_keys.key as group_key",
      sql<number>`row_number() over (partition by person_duplicate_keys.key order by persons.latest_at desc, persons.id desc)`.as(
        "place",
      ),
    ])
    .where("person_duplicate_keys.key", "in", keys);
  const rows = await db
    .selectFrom(ranked.as("ranked"))
    .selectAll()
    .where("place", "<=", limit)
    .orderBy("group_key")
    .orderBy("place")
    .execute();
  for (const { group_key, place: _place, ...row } of rows) {
    const holders = byKey.get(group_key) ?? [];
    holders.push(row as PersonsTable);
    byKey.set(group_key, holders);
  }
  return byKey;
}
