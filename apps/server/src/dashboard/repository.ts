import { OPEN_QUOTE_STATUSES } from "@agency/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";
import { type LeadTable, RELATED_TYPE, searchFilter } from "../lead/index.ts";

/**
 * Live quotes still being worked (OPEN_QUOTE_STATUSES: not Won or Lost), counted on the
 * (archived_at, status, …) index. Decided quotes pile up over the years; open ones do not.
 */
export async function countOpenQuotes(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("auto_quotes")
    .select(sql<number>`count(*)`.as("n"))
    .where("archived_at", "is", null)
    .where("status", "in", OPEN_QUOTE_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The live rows the tally counts too many (decision 0064): a booking is a chain of rows
 * (each move adds one, `rescheduled_from` set) and counts once, on its earliest live row.
 * So every live row a move made is taken back out, except where the rows before it in its
 * chain were all archived: then it is the booking's earliest live row and stays counted.
 * Answers how many in all, and when each taken out since `since` was created. The moved
 * rows are served by the partial appointments_moved_idx; chains with an archived row before
 * a later one are rare and read one by one.
 */
export async function movedBookings(
  db: Kysely<Database>,
  since: string,
): Promise<{ total: number; since: string[] }> {
  // "Live" is tested on the moved rows, not in WHERE: with `archived_at is null` there,
  // SQLite walked an index led by archived_at (every live row) instead of the partial one.
  const [total, rows, keptCounted] = await Promise.all([
    db
      .selectFrom("appointments")
      .select(sql<number | null>`sum(case when archived_at is null then 1 else 0 end)`.as("n"))
      .where("rescheduled_from", "is not", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("appointments")
      .select(["id", "created_at", "archived_at"])
      .where("rescheduled_from", "is not", null)
      .where("created_at", ">=", since)
      .execute(),
    firstLiveAfterArchived(db),
  ]);
  return {
    total: Number(total.n ?? 0) - keptCounted.size,
    since: rows
      .filter((row) => row.archived_at === null && !keptCounted.has(row.id))
      .map((row) => row.created_at),
  };
}

/**
 * The moved rows that are their booking's earliest live row: every row before them in the
 * chain is archived. Found from the archived rows that were moved on (few), each chain
 * walked once from its first row.
 */
async function firstLiveAfterArchived(db: Kysely<Database>): Promise<Set<string>> {
  const archivedMovedOn = await db
    .selectFrom("appointments")
    .select(["id", "rescheduled_from"])
    .where("archived_at", "is not", null)
    .where("rescheduled_to", "is not", null)
    .execute();
  const firstRows = new Set<string>();
  for (const row of archivedMovedOn) {
    // Only a chain's first row matters: every archived row before a live one includes it.
    if (row.rescheduled_from === null) firstRows.add(row.id);
  }
  const kept = new Set<string>();
  for (const first of firstRows) {
    let next: string | null = first;
    // A chain is a few rows; the bound only guards against a corrupt cycle.
    for (let step = 0; next !== null && step < 1000; step += 1) {
      const row = await db
        .selectFrom("appointments")
        .select(["id", "archived_at", "rescheduled_to"])
        .where("id", "=", next)
        .executeTakeFirst();
      if (!row) break;
      if (row.archived_at === null) {
        if (row.id !== first) kept.add(row.id);
        break;
      }
      next = row.rescheduled_to;
    }
  }
  return kept;
}

/** Active accounts without a confirmed two-factor sign-in. */
export async function countActiveWithoutTwoFactor(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select(sql<number>`count(*)`.as("n"))
    .where("is_active", "=", 1)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("two_factor")
            .select("two_factor.user_id")
            .whereRef("two_factor.user_id", "=", "users.id")
            .where("two_factor.confirmed_at", "is not", null),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Policies in force: the overview's Active Policies. */
export async function countActivePolicies(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("policies")
    .select(sql<number>`count(*)`.as("n"))
    .where("status", "=", "active")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** New business issued in [from, to) (not renewals, not imports): the Active Policies trend. */
export async function countPoliciesIssued(
  db: Kysely<Database>,
  from: string,
  to: string,
): Promise<number> {
  const row = await db
    .selectFrom("policies")
    .select(sql<number>`count(*)`.as("n"))
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("origin", "=", "issued")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest few of each list (live leads only), with only the columns the overview shows. */
export function latestRows(db: Kysely<Database>, limit: number) {
  return Promise.all([
    db
      .selectFrom("auto_quotes")
      .select([
        "id",
        "first_name",
        "last_name",
        "vehicle_year",
        "vehicle_make",
        "vehicle_model",
        "quote_amount_cents",
        "created_at",
      ])
      .where("archived_at", "is", null)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("contacts")
      .select(["id", "first_name", "last_name", "subject", "created_at"])
      .where("archived_at", "is", null)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
    // One row per booking, its current one: the rows a move left behind are not shown.
    db
      .selectFrom("appointments")
      .select(["id", "name", "date", "time", "service", "created_at", "rescheduled_from"])
      .where("archived_at", "is", null)
      .where("rescheduled_to", "is", null)
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
    // The newest active policies (issue 28 §1).
    db
      .selectFrom("policies")
      .select([
        "id",
        "person_id",
        "holder_name",
        "product",
        "carrier",
        "premium_cents",
        "created_at",
      ])
      .where("status", "=", "active")
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
  ]);
}

/** The latest staff actions of the given kinds, with who did them. */
export function latestStaffActions(
  db: Kysely<Database>,
  actions: readonly string[],
  limit: number,
) {
  return db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_user_id")
    .select([
      "audit_log.id",
      "audit_log.action",
      "audit_log.target_type",
      "audit_log.created_at",
      "users.email",
      "users.first_name",
    ])
    .where("audit_log.action", "in", [...actions])
    .orderBy("audit_log.created_at", "desc")
    .limit(limit)
    .execute();
}

/** When the user last marked every notification read (or joined). */
export function findNotificationState(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("users")
    .select(["notifications_seen_at", "created_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

export async function setNotificationsSeen(db: Kysely<Database>, userId: string, at: string) {
  await db
    .updateTable("users")
    .set({ notifications_seen_at: at })
    .where("id", "=", userId)
    .execute();
}

/**
 * Live leads of a table created since `since` that this user has not opened (unordered).
 * A moved booking is one item, its current row (decision 0064): the rows it moved from
 * are its history.
 */
function unreadLeads(db: Kysely<Database>, table: LeadTable, userId: string, since: string) {
  return db
    .selectFrom(table)
    .where(`${table}.created_at`, ">=", since)
    .where(`${table}.archived_at`, "is", null)
    .$if(table === "appointments", (query) => query.where(sql<boolean>`rescheduled_to is null`))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("notification_reads")
            .select("notification_reads.item_id")
            .where("notification_reads.user_id", "=", userId)
            .where("notification_reads.item_type", "=", RELATED_TYPE[table])
            .whereRef("notification_reads.item_id", "=", `${table}.id`),
        ),
      ),
    );
}

export async function countUnread(
  db: Kysely<Database>,
  table: LeadTable,
  userId: string,
  since: string,
): Promise<number> {
  const row = await unreadLeads(db, table, userId, since)
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest unread leads of each kind, with what the bell shows of them. */
export function newestUnread(db: Kysely<Database>, userId: string, since: string, limit: number) {
  return Promise.all([
    unreadLeads(db, "auto_quotes", userId, since)
      .select([
        "id",
        "first_name",
        "last_name",
        "vehicle_year",
        "vehicle_make",
        "vehicle_model",
        "created_at",
      ])
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
    unreadLeads(db, "contacts", userId, since)
      .select(["id", "first_name", "last_name", "subject", "created_at"])
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
    unreadLeads(db, "appointments", userId, since)
      .select(["id", "name", "service", "date", "time", "created_at", "rescheduled_from"])
      .orderBy("created_at", "desc")
      .limit(limit)
      .execute(),
  ]);
}

/**
 * When the newest lead of a table arrived (null when none has): the end of its created_at
 * index, so the dashboard can ask every few seconds. The rows a booking's move made are
 * not new leads (decision 0064): the scan steps over them (a move is rare).
 */
export async function latestArrival(
  db: Kysely<Database>,
  table: LeadTable,
): Promise<string | null> {
  let query = db.selectFrom(table).select("created_at").orderBy("created_at", "desc").limit(1);
  if (table === "appointments") {
    query = query.where(sql<boolean>`rescheduled_from is null`);
  }
  const row = await query.executeTakeFirst();
  return row?.created_at ?? null;
}

export async function leadExists(db: Kysely<Database>, table: LeadTable, id: string) {
  const row = await db.selectFrom(table).select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** Marks one lead read for one user; marking it again changes nothing. */
export async function insertNotificationRead(
  db: Kysely<Database>,
  read: { userId: string; table: LeadTable; id: string; at: string },
) {
  await db
    .insertInto("notification_reads")
    .values({
      user_id: read.userId,
      item_type: RELATED_TYPE[read.table],
      item_id: read.id,
      read_at: read.at,
    })
    .onConflict((oc) => oc.columns(["user_id", "item_type", "item_id"]).doNothing())
    .execute();
}
const LEAD_WORK_COLUMNS = ["assigned_to", "follow_up_on", "lost_reason", "lost_detail"] as const;

/** Whose leads: one (lower-cased) email's (the prospect timeline), or one person's (decision 0066). */
export type LeadOwner = { email: string } | { personId: string };

/** The condition that picks the owner's leads (by the lower(email) or the person_id index). */
function ownedBy(owner: LeadOwner) {
  return "personId" in owner
    ? ([sql.ref("person_id"), "=", owner.personId] as const)
    : ([sql`lower(email)`, "=", owner.email] as const);
}

/** The newest `limit` leads of each kind of one owner that are not archived, newest first. */
export function leadRowsOf(db: Kysely<Database>, owner: LeadOwner, limit: number) {
  const [column, op, value] = ownedBy(owner);
  return Promise.all([
    db
      .selectFrom("auto_quotes")
      .select([
        "id",
        "created_at",
        "status",
        "vehicle_year",
        "vehicle_make",
        "vehicle_model",
        "quote_amount_cents",
        ...LEAD_WORK_COLUMNS,
      ])
      .where(column, op, value)
      .where("archived_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("contacts")
      .select(["id", "created_at", "status", "subject", "message", ...LEAD_WORK_COLUMNS])
      .where(column, op, value)
      .where("archived_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("appointments")
      .select([
        "id",
        "created_at",
        "status",
        "date",
        "time",
        "service",
        "rescheduled_from",
        ...LEAD_WORK_COLUMNS,
      ])
      .where(column, op, value)
      .where("archived_at", "is", null)
      // A moved booking once, at its current slot (decision 0064).
      .where("rescheduled_to", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    // The owner's Client Center requests: on their timeline, never in a lead count.
    db
      .selectFrom("service_requests")
      .select(["id", "created_at", "status", "kind", "reference", ...LEAD_WORK_COLUMNS])
      .where(column, op, value)
      .where("archived_at", "is", null)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
  ]);
}

/** How many live Client Center requests one owner has (a timeline's total). */
export async function countRequestsOf(db: Kysely<Database>, owner: LeadOwner): Promise<number> {
  const [column, op, value] = ownedBy(owner);
  const row = await db
    .selectFrom("service_requests")
    .select(sql<number>`count(*)`.as("n"))
    .where(column, op, value)
    .where("archived_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many live leads one owner has of each kind (a moved booking once). */
export async function countLeadsOf(
  db: Kysely<Database>,
  owner: LeadOwner,
): Promise<{ quotes: number; contacts: number; appointments: number }> {
  const [column, op, value] = ownedBy(owner);
  const [quotes, contacts, appointments] = await Promise.all([
    ...(["auto_quotes", "contacts"] as const).map((table) =>
      db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as("n"))
        .where(column, op, value)
        .where("archived_at", "is", null)
        .executeTakeFirstOrThrow(),
    ),
    db
      .selectFrom("appointments")
      .select(sql<number>`count(*)`.as("n"))
      .where(column, op, value)
      .where("archived_at", "is", null)
      .where("rescheduled_to", "is", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    quotes: Number(quotes?.n),
    contacts: Number(contacts?.n),
    appointments: Number(appointments?.n),
  };
}

/**
 * The newest `limit` live (not archived) leads of each kind whose search text holds `term` (a
 * `leadSearchTerm`), with only what tells people apart: name, email, phone, arrival.
 */
export function newestMatches(db: Kysely<Database>, term: string, limit: number) {
  // biome-ignore lint/suspicious/noExplicitAny: the search filter serves all three tables
  const untyped = db as unknown as Kysely<any>;
  const newest = async (table: LeadTable, name: ReturnType<typeof sql<string>>) => {
    const search = await searchFilter(db, table, term);
    return (await search
      .apply(
        untyped
          .selectFrom(table)
          .select([name.as("name"), "email", "phone", "created_at", "person_id"])
          .where("archived_at", "is", null)
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(limit),
        table,
      )
      .execute()) as {
      name: string;
      email: string;
      phone: string;
      created_at: string;
      person_id: string | null;
    }[];
  };
  return Promise.all([
    newest("auto_quotes", sql<string>`first_name || ' ' || last_name`),
    newest("contacts", sql<string>`first_name || ' ' || last_name`),
    newest("appointments", sql<string>`name`),
  ]);
}
