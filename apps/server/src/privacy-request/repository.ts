import {
  PRIVACY_REQUEST_CLOSED_STATUSES,
  type PrivacyRequestListQuery,
  personEmailKey,
} from "@agency/domain";
import { type Kysely, SqliteAdapter, sql } from "kysely";
import type { Database, PrivacyRequestsTable } from "../db/schema.ts";

export type PrivacyRequestRow = PrivacyRequestsTable;

export function findByTokenHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("privacy_requests")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** A verified request; an unverified one is nobody's business yet (decision 0082). */
export function findVerified(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("privacy_requests")
    .selectAll()
    .where("id", "=", id)
    .where("verified_at", "is not", null)
    .executeTakeFirst();
}

/** The person who holds this email as a match key (decision 0066's rule), if anyone. */
export async function personWithEmail(db: Kysely<Database>, email: string): Promise<string | null> {
  const key = personEmailKey(email);
  if (!key) return null;
  const row = await db
    .selectFrom("person_keys")
    .select("person_id")
    .where("key", "=", `e:${key}`)
    .executeTakeFirst();
  return row?.person_id ?? null;
}

/**
 * Marks an unverified request verified; false when another click got there first (only
 * one of two concurrent clicks sets the due date and sends the notice).
 */
export async function markVerified(
  db: Kysely<Database>,
  id: string,
  change: { verifiedAt: string; dueOn: string; personId: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("privacy_requests")
    .set({ verified_at: change.verifiedAt, due_on: change.dueOn, person_id: change.personId })
    .where("id", "=", id)
    .where("verified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** `search_text` holds the term as a substring (privacy requests are few: no index needed). */
function contains(db: Kysely<Database>, term: string) {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? sql<boolean>`instr(search_text, ${term}) > 0`
    : sql<boolean>`strpos(search_text, ${term}) > 0`;
}

/** One page of verified requests matching the filters, and how many match in all. */
export async function listVerified(
  db: Kysely<Database>,
  query: PrivacyRequestListQuery & { term: string; today: string; limit: number; offset: number },
): Promise<{ rows: PrivacyRequestRow[]; total: number }> {
  let base = db.selectFrom("privacy_requests").where("verified_at", "is not", null);
  if (query.term !== "") base = base.where(contains(db, query.term));
  if (query.status) base = base.where("status", "=", query.status);
  if (query.kind) base = base.where("kind", "=", query.kind);
  if (query.overdue === "true") {
    base = base
      .where("due_on", "<", query.today)
      .where("status", "not in", [...PRIVACY_REQUEST_CLOSED_STATUSES]);
  }
  const [sortKey, direction = "asc"] = (query.sort ?? "due").split(":") as [
    string,
    "asc" | "desc" | undefined,
  ];
  const column = sortKey === "date" ? "created_at" : "due_on";
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(column, direction)
      .orderBy("id", direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A request's history: its audit entries, oldest first, with the staff member's name. */
export function auditOf(db: Kysely<Database>, id: string) {
  return db
    .selectFrom("audit_log")
    .leftJoin("users", "users.id", "audit_log.actor_user_id")
    .select([
      "audit_log.id",
      "audit_log.action",
      "audit_log.details",
      "audit_log.created_at",
      "users.first_name",
      "users.last_name",
      "users.email",
    ])
    .where("audit_log.target_type", "=", "privacy_request")
    .where("audit_log.target_id", "=", id)
    .orderBy("audit_log.created_at", "asc")
    .orderBy("audit_log.id", "asc")
    .execute();
}

/**
 * Retention (decision 0082): an unverified request goes when its link expires (it never
 * counted); an answered one when it was answered before the retention cutoff. Its mails
 * go with it.
 */
export async function purgePrivacyRequests(
  db: Kysely<Database>,
  at: { now: string; cutoff: string },
): Promise<number> {
  const expired = await db
    .selectFrom("privacy_requests")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("verified_at", "is", null), eb("token_expires_at", "<", at.now)]),
        eb.and([eb("answered_at", "is not", null), eb("answered_at", "<", at.cutoff)]),
      ]),
    )
    .execute();
  const ids = expired.map((row) => row.id);
  let purged = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    await db
      .deleteFrom("mail_outbox")
      .where("related_type", "=", "privacy_request")
      .where("related_id", "in", batch)
      .execute();
    const result = await db
      .deleteFrom("privacy_requests")
      .where("id", "in", batch)
      .executeTakeFirst();
    purged += Number(result.numDeletedRows);
  }
  return purged;
}
