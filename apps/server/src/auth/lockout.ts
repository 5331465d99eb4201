import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";
import { newId, nowIso } from "../lib/ids.ts";
import {
  countFailures,
  deleteLoginFailures,
  insertLoginFailure,
  isKnownAddress,
  touchSignInAddress,
} from "./lockout-repository.ts";

/**
 * The sign-in lockout (docs/decisions/0020-login-lockout-policy.md). Failures are rows in
 * the database, so every instance behind a load balancer sees the same counts.
 *
 * - One account from one address: 5 failures in 15 minutes lock that pair only.
 * - One account from every address together: 20 failures lock the account, except from
 *   an address it has signed in from within 30 days, so a stranger cannot keep the owner
 *   out of their usual address. A completed password reset (link or create-user) clears it.
 * - One address across accounts: 25 failures (× RATE_LIMIT_SCALE) lock the address: enough
 *   for an office's staff behind one address to mistype now and then without locking each
 *   other out, few enough that one address cannot spray guesses over many accounts.
 *
 * The per-account numbers are never scaled by RATE_LIMIT_SCALE (contract). Wrong second-
 * factor codes at sign-in and wrong current passwords (change-password, turning two-factor
 * off) are failures like wrong passwords at sign-in.
 */
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const PAIR_LOCKOUT_FAILURES = 5;
export const ACCOUNT_LOCKOUT_FAILURES = 20;
export const ADDRESS_LOCKOUT_FAILURES = 25;
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

export type LockScope = "pair" | "account" | "address";

/** Which lock, if any, keeps this attempt from even checking the password. */
export async function activeLock(
  db: Kysely<Database>,
  attempt: { email: string; ip: string; userId: string | undefined },
  options: { rateLimitScale: number; now: Date },
): Promise<LockScope | null> {
  const since = nowIso(new Date(options.now.getTime() - LOCKOUT_WINDOW_MS));
  const { email, ip } = attempt;
  const [pair, account, address, isKnown] = await Promise.all([
    countFailures(db, { email, ip }, since),
    countFailures(db, { email }, since),
    countFailures(db, { ip }, since),
    // Run for unknown emails too (with an id no row has), so both take the same work.
    isKnownAddress(
      db,
      attempt.userId ?? "",
      ip,
      nowIso(new Date(options.now.getTime() - KNOWN_ADDRESS_MS)),
    ),
  ]);
  if (pair >= PAIR_LOCKOUT_FAILURES) return "pair";
  if (account >= ACCOUNT_LOCKOUT_FAILURES && !isKnown) return "account";
  if (address >= Math.ceil(ADDRESS_LOCKOUT_FAILURES * options.rateLimitScale)) return "address";
  return null;
}

export async function recordLoginFailure(
  db: Kysely<Database>,
  attempt: { email: string; ip: string },
  now: Date,
): Promise<void> {
  await insertLoginFailure(db, {
    id: newId(),
    email: attempt.email,
    ip: attempt.ip,
    created_at: nowIso(now),
  });
}

/**
 * A successful sign-in: the address becomes one the account is known to use, and that
 * pair's failures are forgiven (failures from other addresses still count).
 */
export async function recordLoginSuccess(
  db: Kysely<Database>,
  attempt: { userId: string; email: string; ip: string },
  now: Date,
): Promise<void> {
  await touchSignInAddress(db, attempt.userId, attempt.ip, nowIso(now));
  await deleteLoginFailures(db, { email: attempt.email, ip: attempt.ip });
}

/**
 * A completed password reset (or create-user) lifts every lock on the account: whoever
 * set the password proved they own it, and counting on would let strangers keep them out.
 */
export async function clearAccountLockout(db: Kysely<Database>, email: string): Promise<void> {
  await deleteLoginFailures(db, { email });
}

export function tooManyAttempts(): HttpError {
  const minutes = LOCKOUT_WINDOW_MS / 60_000;
  return new HttpError(
    429,
    `Too many failed sign-in attempts. Please wait ${minutes} minutes or reset your password.`,
    { "retry-after": String(LOCKOUT_WINDOW_MS / 1000) },
  );
}
