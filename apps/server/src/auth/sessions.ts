import type { Kysely } from "kysely";
import type { Database, SessionsTable } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { hashToken, newOpaqueToken } from "./tokens.ts";

/** "Remember me": a persistent cookie and session of 7 days (contract's maximum). */
export const PERSISTENT_SESSION_MS = 7 * 24 * 60 * 60 * 1000;
/** Without it: a browser-session cookie, and the server forgets the session after 12 idle hours. */
export const BROWSER_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

export type SessionGrant = { session: SessionsTable; refreshToken: string };

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  isPersistent: boolean,
  now: Date = new Date(),
): Promise<SessionGrant> {
  const refreshToken = newOpaqueToken();
  const session: SessionsTable = {
    id: newId(),
    user_id: userId,
    refresh_token_hash: hashToken(refreshToken),
    previous_refresh_token_hash: null,
    rotated_at: null,
    is_persistent: isPersistent ? 1 : 0,
    created_at: nowIso(now),
    last_used_at: nowIso(now),
    expires_at: nowIso(
      new Date(now.getTime() + (isPersistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_IDLE_MS)),
    ),
    revoked_at: null,
  };
  await db.insertInto("sessions").values(session).execute();
  return { session, refreshToken };
}

/**
 * How long the token a session had before its last rotation still works. A page reloaded
 * while its refresh was in flight never receives the rotated cookie and sends the old one
 * again; without this window that reload would sign the person out. (The same leeway that
 * hosted identity providers give rotated refresh tokens.)
 */
export const REFRESH_GRACE_MS = 30 * 1000;

/** A session that is neither revoked nor expired. */
export async function findLiveSession(
  db: Kysely<Database>,
  where: { id: string } | { refreshToken: string },
  now: Date = new Date(),
): Promise<SessionsTable | undefined> {
  let query = db
    .selectFrom("sessions")
    .selectAll()
    .where("revoked_at", "is", null)
    .where("expires_at", ">", nowIso(now));
  if ("id" in where) query = query.where("id", "=", where.id);
  else {
    const hash = hashToken(where.refreshToken);
    const graceStart = nowIso(new Date(now.getTime() - REFRESH_GRACE_MS));
    query = query.where((eb) =>
      eb.or([
        eb("refresh_token_hash", "=", hash),
        eb.and([eb("previous_refresh_token_hash", "=", hash), eb("rotated_at", ">", graceStart)]),
      ]),
    );
  }
  return query.executeTakeFirst();
}

/**
 * Swaps the refresh token (each one works once). A persistent session keeps its 7-day end;
 * a browser session slides its idle limit forward.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  session: SessionsTable,
  now: Date = new Date(),
): Promise<SessionGrant | undefined> {
  const refreshToken = newOpaqueToken();
  const expiresAt =
    session.is_persistent === 1
      ? session.expires_at
      : nowIso(new Date(now.getTime() + BROWSER_SESSION_IDLE_MS));
  const rotatedAt = nowIso(now);
  const changes = {
    refresh_token_hash: hashToken(refreshToken),
    previous_refresh_token_hash: session.refresh_token_hash,
    rotated_at: rotatedAt,
    last_used_at: rotatedAt,
    expires_at: expiresAt,
  };
  const result = await db
    .updateTable("sessions")
    .set(changes)
    .where("id", "=", session.id)
    .where("refresh_token_hash", "=", session.refresh_token_hash)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  // A concurrent refresh with the same token already rotated it: this one loses.
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return {
    session: { ...session, ...changes },
    refreshToken,
  };
}

/**
 * A refresh token that was rotated away and is presented after its grace window: someone
 * kept a copy (a stolen cookie, or the thief's after the owner refreshed). The session it
 * belonged to ends, for both holders; answers it so the caller can audit it.
 */
export async function revokeSessionOnReuse(
  db: Kysely<Database>,
  refreshToken: string,
  now: Date = new Date(),
): Promise<SessionsTable | undefined> {
  const session = await db
    .selectFrom("sessions")
    .selectAll()
    .where("previous_refresh_token_hash", "=", hashToken(refreshToken))
    .where("revoked_at", "is", null)
    .where("rotated_at", "<=", nowIso(new Date(now.getTime() - REFRESH_GRACE_MS)))
    .executeTakeFirst();
  if (!session) return undefined;
  const result = await db
    .updateTable("sessions")
    .set({ revoked_at: nowIso(now) })
    .where("id", "=", session.id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? session : undefined;
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now = new Date()) {
  await db
    .updateTable("sessions")
    .set({ revoked_at: nowIso(now) })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends every session of a user: password change, deactivation, removal. */
/** Ends every live session of a user, except the one given (the caller's own). */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
  options: { except?: string } = {},
) {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: nowIso(now) })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (options.except) query = query.where("id", "!=", options.except);
  await query.execute();
}
