import type { Kysely } from "kysely";
import type { Database, SessionsTable } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";
import {
  countLiveSessionsWithoutSecondFactor,
  findRotatedAway,
  insertSession,
  revokeLiveSessionsWithoutSecondFactor,
  revokeSessionRow,
  revokeUserSessionRows,
  selectLiveSession,
  updateSessionHolding,
} from "./sessions-repository.ts";
import { hashToken, newOpaqueToken } from "./tokens.ts";

/**
 * Session lifetimes (docs/decisions/0045-session-lifetimes.md), all counted in TypeScript
 * from the session's `created_at` (its sign-in), never by SQL defaults:
 * - "Remember me": a persistent cookie and a session of 7 days from sign-in (the contract's
 *   maximum), however often it is used.
 * - Without it: a browser-session cookie; the session ends after 12 idle hours, and 24 hours
 *   after sign-in at the latest, however active (a browser left open for days must not keep
 *   a session for ever).
 */
export const PERSISTENT_SESSION_MS = 7 * 24 * 60 * 60 * 1000;
export const BROWSER_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const BROWSER_SESSION_MAX_MS = 24 * 60 * 60 * 1000;

type Lifetime = Pick<SessionsTable, "created_at" | "is_persistent">;

/** The moment a session ends whatever happens: its sign-in plus its kind's maximum. */
function absoluteEndOf(session: Lifetime): number {
  const maxMs = session.is_persistent === 1 ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MAX_MS;
  return Date.parse(session.created_at) + maxMs;
}

/** A session's expiry as of a use at `now`: the idle limit, never past the absolute end. */
function expiryAt(session: Lifetime, now: Date): string {
  const end = absoluteEndOf(session);
  if (session.is_persistent === 1) return nowIso(new Date(end));
  return nowIso(new Date(Math.min(end, now.getTime() + BROWSER_SESSION_IDLE_MS)));
}

export type SessionGrant = { session: SessionsTable; refreshToken: string };

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  isPersistent: boolean,
  now: Date = new Date(),
): Promise<SessionGrant> {
  const refreshToken = newOpaqueToken();
  const lifetime = { created_at: nowIso(now), is_persistent: isPersistent ? 1 : 0 } as const;
  const session: SessionsTable = {
    id: newId(),
    user_id: userId,
    refresh_token_hash: hashToken(refreshToken),
    previous_refresh_token_hash: null,
    rotated_at: null,
    ...lifetime,
    last_used_at: nowIso(now),
    expires_at: expiryAt(lifetime, now),
    revoked_at: null,
  };
  await insertSession(db, session);
  return { session, refreshToken };
}

/**
 * How long the token a session had before its last rotation still works. A page reloaded
 * while its refresh was in flight never receives the rotated cookie and sends the old one
 * again; without this window that reload would sign the person out. (The same leeway that
 * hosted identity providers give rotated refresh tokens.)
 */
export const REFRESH_GRACE_MS = 30 * 1000;

/** A session that is neither revoked nor expired, nor past its absolute end. */
export async function findLiveSession(
  db: Kysely<Database>,
  where: { id: string } | { refreshToken: string },
  now: Date = new Date(),
): Promise<SessionsTable | undefined> {
  // The absolute end is read from created_at too, not only from expires_at: a browser
  // session made before the cap slid its expiry past it, and must end all the same.
  const signedInAfter = (maxMs: number) => nowIso(new Date(now.getTime() - maxMs));
  const live = {
    now: nowIso(now),
    persistentSince: signedInAfter(PERSISTENT_SESSION_MS),
    browserSince: signedInAfter(BROWSER_SESSION_MAX_MS),
  };
  if ("id" in where) return selectLiveSession(db, live, { id: where.id });
  return selectLiveSession(db, live, {
    tokenHash: hashToken(where.refreshToken),
    rotatedAfter: nowIso(new Date(now.getTime() - REFRESH_GRACE_MS)),
  });
}

/**
 * Swaps the refresh token (each one works once). A persistent session keeps its 7-day end;
 * a browser session slides its idle limit forward, up to 24 hours after its sign-in.
 */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  session: SessionsTable,
  now: Date = new Date(),
): Promise<SessionGrant | undefined> {
  const refreshToken = newOpaqueToken();
  const rotatedAt = nowIso(now);
  const changes = {
    refresh_token_hash: hashToken(refreshToken),
    previous_refresh_token_hash: session.refresh_token_hash,
    rotated_at: rotatedAt,
    last_used_at: rotatedAt,
    expires_at: expiryAt(session, now),
  };
  // A concurrent refresh with the same token already rotated it: this one loses.
  if (!(await updateSessionHolding(db, session, changes))) return undefined;
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
  const session = await findRotatedAway(
    db,
    hashToken(refreshToken),
    nowIso(new Date(now.getTime() - REFRESH_GRACE_MS)),
  );
  if (!session) return undefined;
  return (await revokeSessionRow(db, session.id, nowIso(now))) ? session : undefined;
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now = new Date()) {
  await revokeSessionRow(db, sessionId, nowIso(now));
}

/** Ends every session of a user: password change, deactivation, removal. */
/** Ends every live session of a user, except the one given (the caller's own). */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: string,
  now = new Date(),
  options: { except?: string } = {},
) {
  await revokeUserSessionRows(db, userId, nowIso(now), options.except);
}

/**
 * Ends every live session of every account without a confirmed second factor (the switch
 * "Require two-factor sign-in for all staff", decision 0023: all accounts are staff).
 * Answers how many sessions each such account had, for the audit.
 */
export async function revokeSessionsWithoutSecondFactor(
  db: Kysely<Database>,
  now: Date,
): Promise<{ userId: string; sessions: number }[]> {
  const at = nowIso(now);
  const rows = await countLiveSessionsWithoutSecondFactor(db, at);
  await revokeLiveSessionsWithoutSecondFactor(db, at);
  return rows.map((row) => ({ userId: row.user_id, sessions: Number(row.n) }));
}
