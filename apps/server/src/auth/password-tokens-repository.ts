import type { Kysely } from "kysely";
import type { Database, PasswordTokensTable } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";

export type PasswordTokenRow = PasswordTokensTable;

export async function insertPasswordToken(
  db: Kysely<Database>,
  row: PasswordTokenRow,
): Promise<void> {
  await db.insertInto("password_tokens").values(row).execute();
}

export function findPasswordTokenByHash(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom("password_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** How many links of a purpose were made for a user since a moment (used or not). */
export async function countPasswordTokensSince(
  db: Kysely<Database>,
  userId: string,
  purpose: "reset" | "invite",
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom("password_tokens")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("created_at", ">", nowIso(since))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Spends a link: only if it is still unused and not revoked, so a revocation (or
 * deactivation) that lands between the read and here still wins. Answers whether it did.
 */
export async function markPasswordTokenUsed(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .updateTable("password_tokens")
    .set({ used_at: nowIso(now) })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
}

/**
 * Kills a user's unused one-time links at once (of one purpose, or all): a revoked
 * invitation, a deactivated or removed account. Answers how many were live.
 */
export async function revokePasswordTokens(
  db: Kysely<Database>,
  userId: string,
  now: Date,
  purpose?: "reset" | "invite",
): Promise<number> {
  let query = db
    .updateTable("password_tokens")
    .set({ revoked_at: nowIso(now) })
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("revoked_at", "is", null);
  if (purpose) query = query.where("purpose", "=", purpose);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When each pending invitation's live link expires, by user id (none: revoked or expired). */
export async function liveInvitationExpiries(
  db: Kysely<Database>,
  userIds: string[],
  now: Date,
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("password_tokens")
    .select(["user_id", (eb) => eb.fn.max("expires_at").as("expires_at")])
    .where("user_id", "in", userIds)
    .where("purpose", "=", "invite")
    .where("used_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", nowIso(now))
    .groupBy("user_id")
    .execute();
  return new Map(rows.map((row) => [row.user_id, String(row.expires_at)]));
}
