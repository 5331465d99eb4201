import { AGENCY, TWO_FACTOR_MESSAGES } from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { queueMail } from "../mail/outbox.ts";
import { canSignIn } from "./account.ts";
import {
  findUserByEmail,
  findUserById,
  lockUserRow,
  type UserRow,
  updateUser,
} from "./account-repository.ts";
import {
  activeLock,
  clearAccountLockout,
  recordLoginFailure,
  recordLoginSuccess,
  tooManyAttempts,
} from "./lockout.ts";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.ts";
import {
  countPasswordTokensSince,
  findPasswordTokenByHash,
  insertPasswordToken,
  markPasswordTokenUsed,
  revokePasswordTokens,
} from "./password-tokens-repository.ts";
import {
  createSession,
  findLiveSession,
  revokeSession,
  revokeSessionOnReuse,
  revokeUserSessions,
  rotateRefreshToken,
  type SessionGrant,
} from "./sessions.ts";
import { hashToken, newOpaqueToken } from "./tokens.ts";
import { findAuthenticator, readTwoFactorRequirement } from "./two-factor-repository.ts";

export const INVALID_CREDENTIALS = "Invalid email or password";
export const RESET_LINK_MINUTES = 30;
export const INVITE_LINK_HOURS = 72;

/**
 * The first factor of a sign-in: the lockout (docs/decisions/0020), then the password.
 * Unknown emails and wrong passwords get the same answer after the same work (a real
 * argon2 verification). Answers the user whose password it is; opens no session: the
 * second factor (auth/two-factor.ts, afterPassword) sits between this and openSession.
 */
export async function verifyPasswordSignIn(
  db: Kysely<Database>,
  input: { email: string; password: string; ip: string },
  options: { rateLimitScale: number; now: Date },
): Promise<UserRow> {
  const { now } = options;
  const email = input.email.trim().toLowerCase();
  const user = await findUserByEmail(db, email);
  const lock = await activeLock(db, { email, ip: input.ip, userId: user?.id }, options);
  if (lock) {
    await writeAudit(db, {
      actorUserId: null,
      action: "login.locked",
      ...(user ? { target: { type: "user", id: user.id } } : {}),
      ip: input.ip,
      details: { scope: lock },
    });
    throw tooManyAttempts();
  }

  const hash = user?.password_hash ?? (await dummyPasswordHash());
  const isPasswordRight = await verifyPassword(hash, input.password);
  if (!user || !isPasswordRight || !canSignIn(user)) {
    await db.transaction().execute(async (trx) => {
      await recordLoginFailure(trx, { email, ip: input.ip }, now);
      await writeAudit(trx, {
        actorUserId: null,
        action: "login.failure",
        ...(user ? { target: { type: "user", id: user.id } } : {}),
        ip: input.ip,
        details: {
          reason: !user
            ? "unknown account"
            : !isPasswordRight
              ? "wrong password"
              : "inactive account",
        },
      });
    });
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  return user;
}

/** Opens the session of a user who has passed every factor of the sign-in. */
export async function openSession(
  db: Kysely<Database>,
  user: UserRow,
  input: { rememberMe: boolean; ip: string },
  now: Date,
): Promise<SessionGrant> {
  return db.transaction().execute(async (trx) => {
    const created = await createSession(trx, user.id, input.rememberMe, now);
    await recordLoginSuccess(trx, { userId: user.id, email: user.email, ip: input.ip }, now);
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "login.success",
      target: { type: "user", id: user.id },
      ip: input.ip,
      details: { rememberMe: input.rememberMe },
    });
    return created;
  });
}

/**
 * Exchanges a refresh cookie for a new access token and a rotated cookie. A cookie that
 * was rotated away and comes back after its grace window ends its session (reuse
 * detection, docs/decisions/0018-refresh-token-grace.md).
 */
export async function refresh(
  db: Kysely<Database>,
  refreshToken: string | undefined,
  options: { ip: string; now: Date },
): Promise<{ user: UserRow; grant: SessionGrant }> {
  const { now } = options;
  const ended = new HttpError(401, "Your session has ended. Please sign in again.");
  if (!refreshToken) throw ended;
  const session = await findLiveSession(db, { refreshToken }, now);
  if (!session) {
    await db.transaction().execute(async (trx) => {
      const reused = await revokeSessionOnReuse(trx, refreshToken, now);
      if (!reused) return;
      await writeAudit(trx, {
        actorUserId: null,
        action: "session.reuse_detected",
        target: { type: "user", id: reused.user_id },
        ip: options.ip,
        details: { sessionId: reused.id },
      });
    });
    throw ended;
  }
  const user = await findUserById(db, session.user_id);
  if (!user || !canSignIn(user)) throw ended;
  // The switch to require a second factor ends such sessions (two-factor.ts); this catches
  // one opened in a race with it, by a sign-in that still read "not required".
  if (await lacksRequiredSecondFactor(db, user.id)) {
    await db.transaction().execute(async (trx) => {
      await revokeSession(trx, session.id, now);
      await writeAudit(trx, {
        actorUserId: null,
        action: "sessions.revoked",
        target: { type: "user", id: user.id },
        ip: options.ip,
        details: { reason: "two-factor sign-in required", sessions: 1 },
      });
    });
    throw new HttpError(401, TWO_FACTOR_MESSAGES.requiredSignInAgain);
  }
  const grant = await rotateRefreshToken(db, session, now);
  if (!grant) throw ended;
  return { user, grant };
}

/** Whether the agency requires a second factor of all staff and this account has none. */
async function lacksRequiredSecondFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  if (!(await readTwoFactorRequirement(db)).requireTwoFactor) return false;
  const authenticator = await findAuthenticator(db, userId);
  return !authenticator || authenticator.confirmed_at === null;
}

export async function logout(
  db: Kysely<Database>,
  session: { sessionId: string; userId: string } | undefined,
  ip: string,
): Promise<void> {
  if (!session) return;
  await db.transaction().execute(async (trx) => {
    await revokeSession(trx, session.sessionId);
    await writeAudit(trx, {
      actorUserId: session.userId,
      action: "logout",
      target: { type: "user", id: session.userId },
      ip,
    });
  });
}

/** Creates a one-time link token; only its hash is stored. */
export async function createPasswordToken(
  db: Kysely<Database>,
  userId: string,
  purpose: "reset" | "invite",
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const lifetimeMs =
    purpose === "reset" ? RESET_LINK_MINUTES * 60_000 : INVITE_LINK_HOURS * 3_600_000;
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await insertPasswordToken(db, {
    id: newId(),
    user_id: userId,
    purpose,
    token_hash: hashToken(token),
    created_at: nowIso(now),
    expires_at: nowIso(expiresAt),
    used_at: null,
    revoked_at: null,
  });
  return { token, expiresAt };
}

export const FORGOT_PASSWORD_ANSWER =
  "If an account exists for that email, we've sent a link to reset the password. It works once, for 30 minutes.";

/**
 * Reset links per account per hour, whatever the addresses asking: the per-address limit
 * alone let rotating addresses fill a staff mailbox with live links. Counted in the
 * database, so it holds across instances; never scaled by RATE_LIMIT_SCALE (like the
 * per-account lockout, it protects one account, not the server).
 */
export const RESET_LINKS_PER_ACCOUNT = 3;
export const RESET_LINKS_WINDOW_MS = 60 * 60 * 1000;

/**
 * Emails a reset link to an account that can sign in; answers whether it queued one. Run
 * it after the response (auth/routes.ts), which is the same whether or not the email has
 * an account, and whether or not a link was sent, so it reveals nothing. Past
 * RESET_LINKS_PER_ACCOUNT links in the hour, no link and no mail: audited as suppressed.
 */
export async function requestPasswordReset(
  database: { db: Kysely<Database>; engine: DatabaseEngine },
  email: string,
  options: { publicUrl: string; ip: string; now: Date },
): Promise<boolean> {
  const user = await findUserByEmail(database.db, email.trim().toLowerCase());
  if (!user || !canSignIn(user)) return false;
  return database.db.transaction().execute(async (trx) => {
    // One request of this account at a time, so two cannot both count two links and add one.
    await lockUserRow(trx, user.id, database.engine);
    const since = new Date(options.now.getTime() - RESET_LINKS_WINDOW_MS);
    if ((await countPasswordTokensSince(trx, user.id, "reset", since)) >= RESET_LINKS_PER_ACCOUNT) {
      await writeAudit(trx, {
        actorUserId: null,
        action: "password.reset.suppressed",
        target: { type: "user", id: user.id },
        ip: options.ip,
        details: { limit: RESET_LINKS_PER_ACCOUNT, windowMinutes: RESET_LINKS_WINDOW_MS / 60_000 },
      });
      return false;
    }
    const { token, expiresAt } = await createPasswordToken(trx, user.id, "reset", options.now);
    const link = `${options.publicUrl}/reset-password?token=${token}`;
    await queueMail(
      trx,
      {
        kind: "password.reset",
        to: user.email,
        subject: `Reset your ${AGENCY.name} staff password`,
        text: [
          `Hi ${user.first_name || "there"},`,
          "",
          "Someone (hopefully you) asked to reset the password of your staff account.",
          `Open this link within ${RESET_LINK_MINUTES} minutes to choose a new password. It works once:`,
          link,
          "",
          "If you did not ask for this, ignore this email: your password stays as it is.",
        ].join("\n"),
        related: { type: "user", id: user.id },
        secretExpiresAt: expiresAt,
      },
      options.now,
    );
    await writeAudit(trx, {
      actorUserId: null,
      action: "password.reset.requested",
      target: { type: "user", id: user.id },
      ip: options.ip,
    });
    return true;
  });
}

/**
 * Sets a new password with a one-time link (reset or invitation). The link is spent, every
 * other link still out for the account is revoked (each could set the password again), every
 * session of the user ends, the sign-in lockout of the account is lifted, and an invited
 * user becomes verified.
 */
export async function completePasswordToken(
  db: Kysely<Database>,
  token: string,
  password: string,
  options: { ip: string; now: Date },
): Promise<UserRow> {
  const invalid = new HttpError(
    400,
    "This link is invalid or has expired. Please ask for a new one.",
  );
  const row = await findPasswordTokenByHash(db, hashToken(token));
  if (
    !row ||
    row.used_at !== null ||
    row.revoked_at !== null ||
    row.expires_at <= nowIso(options.now)
  ) {
    throw invalid;
  }
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    if (!(await markPasswordTokenUsed(trx, row.id, options.now))) throw invalid;
    await revokePasswordTokens(trx, row.user_id, options.now);
    await updateUser(trx, row.user_id, {
      password_hash: passwordHash,
      password_changed_at: nowIso(options.now),
      updated_at: nowIso(options.now),
      ...(row.purpose === "invite" ? { is_verified: 1 as const } : {}),
    });
    await revokeUserSessions(trx, row.user_id, options.now);
    const user = await findUserById(trx, row.user_id);
    if (!user) throw invalid;
    await clearAccountLockout(trx, user.email);
    await writeAudit(trx, {
      actorUserId: row.user_id,
      action: "password.changed",
      target: { type: "user", id: row.user_id },
      ip: options.ip,
      details: { via: row.purpose },
    });
    return user;
  });
}

/**
 * A signed-in person's current password, asked again before a sensitive change (a new
 * password, turning two-factor sign-in off). It is a password guess like a sign-in, so it
 * is one for the lockout too (decision 0020): a lock on (email, address) answers 429 before
 * the password is checked, and a wrong one is a failure of that pair. Otherwise a stolen
 * access token would be a way to guess the password without ever being locked out.
 */
export async function verifyCurrentPassword(
  db: Kysely<Database>,
  user: UserRow,
  password: string,
  options: { ip: string; now: Date; rateLimitScale: number; step: string; wrong: string },
): Promise<void> {
  const { ip, now, step } = options;
  const lock = await activeLock(db, { email: user.email, ip, userId: user.id }, options);
  if (lock) {
    await writeAudit(db, {
      actorUserId: user.id,
      action: "login.locked",
      target: { type: "user", id: user.id },
      ip,
      details: { scope: lock, step },
    });
    throw tooManyAttempts();
  }
  if (user.password_hash && (await verifyPassword(user.password_hash, password))) return;
  await db.transaction().execute(async (trx) => {
    await recordLoginFailure(trx, { email: user.email, ip }, now);
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "login.failure",
      target: { type: "user", id: user.id },
      ip,
      details: { reason: "wrong password", step },
    });
  });
  // 400, not 401: the session is fine, only the password typed is not.
  throw new HttpError(400, options.wrong);
}

/**
 * Changes one's own password from the dashboard's Settings. Every other session of the
 * user ends, and every reset link still out (someone else may have asked for it); the
 * session making the change stays signed in.
 */
export async function changeOwnPassword(
  db: Kysely<Database>,
  principal: { userId: string; sessionId: string },
  input: { currentPassword: string; newPassword: string },
  options: { ip: string; now: Date; rateLimitScale: number },
): Promise<void> {
  const user = await findUserById(db, principal.userId);
  if (!user) throw new HttpError(401, "Session has ended");
  await verifyCurrentPassword(db, user, input.currentPassword, {
    ...options,
    step: "change password",
    wrong: "Your current password is not correct",
  });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      password_hash: passwordHash,
      password_changed_at: nowIso(options.now),
      updated_at: nowIso(options.now),
    });
    await revokeUserSessions(trx, user.id, options.now, { except: principal.sessionId });
    await revokePasswordTokens(trx, user.id, options.now);
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "password.changed",
      target: { type: "user", id: user.id },
      ip: options.ip,
      details: { via: "settings" },
    });
  });
}
