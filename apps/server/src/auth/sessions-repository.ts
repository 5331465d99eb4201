import type { Kysely } from "kysely";
import type { Database, SessionsTable } from "../db/schema.ts";

export async function insertSession(db: Kysely<Database>, session: SessionsTable): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

/**
 * A session neither revoked nor expired at `live.now`, signed in after its kind's earliest
 * start (ISO times), by id or by refresh token hash (the current one, or the previous one
 * if it was rotated after `rotatedAfter`).
 */
export function selectLiveSession(
  db: Kysely<Database>,
  live: { now: string; persistentSince: string; browserSince: string },
  where: { id: string } | { tokenHash: string; rotatedAfter: string },
): Promise<SessionsTable | undefined> {
  let query = db
    .selectFrom("sessions")
    .selectAll()
    .where("revoked_at", "is", null)
    .where("expires_at", ">", live.now)
    .where((eb) =>
      eb.or([
        eb.and([eb("is_persistent", "=", 1), eb("created_at", ">", live.persistentSince)]),
        eb.and([eb("is_persistent", "=", 0), eb("created_at", ">", live.browserSince)]),
      ]),
    );
  if ("id" in where) query = query.where("id", "=", where.id);
  else {
    const { tokenHash, rotatedAfter } = where;
    query = query.where((eb) =>
      eb.or([
        eb("refresh_token_hash", "=", tokenHash),
        eb.and([
          eb("previous_refresh_token_hash", "=", tokenHash),
          eb("rotated_at", ">", rotatedAfter),
        ]),
      ]),
    );
  }
  return query.executeTakeFirst();
}

/** Changes a live session if it still holds the refresh token it was read with. */
export async function updateSessionHolding(
  db: Kysely<Database>,
  session: Pick<SessionsTable, "id" | "refresh_token_hash">,
  changes: Partial<SessionsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set(changes)
    .where("id", "=", session.id)
    .where("refresh_token_hash", "=", session.refresh_token_hash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A live session whose previous token has this hash, rotated away at or before `before`. */
export function findRotatedAway(
  db: Kysely<Database>,
  tokenHash: string,
  before: string,
): Promise<SessionsTable | undefined> {
  return db
    .selectFrom("sessions")
    .selectAll()
    .where("previous_refresh_token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("rotated_at", "<=", before)
    .executeTakeFirst();
}

/** Revokes a session if it is live: false when it was already revoked. */
export async function revokeSessionRow(
  db: Kysely<Database>,
  sessionId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes every live session of a user, but `except`. */
export async function revokeUserSessionRows(
  db: Kysely<Database>,
  userId: string,
  at: string,
  except?: string,
): Promise<void> {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (except) query = query.where("id", "!=", except);
  await query.execute();
}

function confirmedSecondFactors(db: Kysely<Database>) {
  return db
    .selectFrom("two_factor")
    .select("two_factor.user_id")
    .where("two_factor.confirmed_at", "is not", null);
}

/** Live sessions at `at` per account without a confirmed second factor. */
export function countLiveSessionsWithoutSecondFactor(db: Kysely<Database>, at: string) {
  return db
    .selectFrom("sessions")
    .select(["user_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .where("user_id", "not in", confirmedSecondFactors(db))
    .groupBy("user_id")
    .execute();
}

/** Revokes the live sessions at `at` of every account without a confirmed second factor. */
export async function revokeLiveSessionsWithoutSecondFactor(
  db: Kysely<Database>,
  at: string,
): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: at })
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .where("user_id", "not in", confirmedSecondFactors(db))
    .execute();
}
