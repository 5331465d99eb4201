import { randomBytes } from "node:crypto";
import {
  AGENCY,
  groupManualKey,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { canSignIn } from "./account.ts";
import { findUserById, type UserRow } from "./account-repository.ts";
import { activeLock, LOCKOUT_WINDOW_MS, recordLoginFailure, tooManyAttempts } from "./lockout.ts";
import { openSession, verifyCurrentPassword } from "./service.ts";
import { revokeSessionsWithoutSecondFactor, type SessionGrant } from "./sessions.ts";
import { hashToken, newOpaqueToken } from "./tokens.ts";
import { decryptTotpSecret, encryptTotpSecret } from "./two-factor-crypto.ts";
import {
  type AuthenticatorRow,
  type ChallengeRow,
  clearSettingsFailures,
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findAuthenticator,
  findLiveChallenge,
  insertChallenge,
  readTwoFactorRequirement,
  recordSettingsFailure,
  replaceRecoveryCodes,
  savePendingAuthenticator,
  spendChallenge,
  takeChallengeAttempt,
  takeTimeStep,
  useRecoveryCode,
  writeTwoFactorRequirement,
} from "./two-factor-repository.ts";

/**
 * Two-factor sign-in (docs/decisions/0023-two-factor-sign-in.md): TOTP per RFC 6238 with
 * SHA-1, 6 digits and 30-second steps (what every authenticator app supports), one step
 * of drift either way, each step usable once per user; one-time recovery codes; and the
 * hashed, 5-minute, single-use challenge between the password and the session.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW_STEPS = 1;
const SECRET_BYTES = 20;
/** Wrong codes from Settings (per user): this many in the lockout window hold the next ones. */
export const SETTINGS_CODE_FAILURES = 5;

const M = TWO_FACTOR_MESSAGES;

export type TwoFactorOptions = { jwtSecret: string; now: Date };
type Where = { ip: string };

function totpFor(secret: Secret, email: string): TOTP {
  return new TOTP({
    issuer: AGENCY.name,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret,
  });
}

/** The RFC 6238 time step of a moment. */
export function timeStepOf(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code);

/** The step a code belongs to (within the window), or undefined if it matches none. */
function matchingStep(
  authenticator: AuthenticatorRow,
  user: UserRow,
  code: string,
  options: TwoFactorOptions,
): number | undefined {
  const bytes = decryptTotpSecret(authenticator.secret_encrypted, user.id, options.jwtSecret);
  // Not decryptable (JWT_SECRET changed): no authenticator code can match; recovery codes still do.
  if (!bytes) return undefined;
  const totp = totpFor(new Secret({ buffer: bytes.slice().buffer }), user.email);
  const delta = totp.validate({
    token: code,
    timestamp: options.now.getTime(),
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? undefined : timeStepOf(options.now) + delta;
}

/* ---------- recovery codes ---------- */

const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** `xxxxx-xxxxx` from a 32-letter alphabet without i, l, o, u: 50 random bits. */
function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function recoveryCodeHash(userId: string, code: string): string {
  return hashToken(`${userId}:${code.toLowerCase().replace(/[\s-]/g, "")}`);
}

async function issueRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<string[]> {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodeCount }, newRecoveryCode);
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => recoveryCodeHash(userId, code)),
    now,
  );
  return codes;
}

/* ---------- checking a code ---------- */

type CodeCheck =
  | { ok: true; method: "authenticator" | "recovery code" }
  | { ok: false; method: "authenticator" | "recovery code"; reason: "wrong" | "replayed" };

/** Checks and spends a code: an authenticator code's time step, or a recovery code. */
async function spendCode(
  db: Kysely<Database>,
  user: UserRow,
  authenticator: AuthenticatorRow,
  code: string,
  options: TwoFactorOptions & { allowRecoveryCode: boolean; confirm?: boolean },
): Promise<CodeCheck> {
  if (isAuthenticatorCode(code)) {
    const method = "authenticator";
    const step = matchingStep(authenticator, user, code, options);
    if (step === undefined) return { ok: false, method, reason: "wrong" };
    const isTaken = await takeTimeStep(db, user.id, step, options.now, {
      confirm: options.confirm ?? false,
    });
    return isTaken ? { ok: true, method } : { ok: false, method, reason: "replayed" };
  }
  const method = "recovery code";
  if (!options.allowRecoveryCode) return { ok: false, method, reason: "wrong" };
  const isUsed = await useRecoveryCode(db, user.id, recoveryCodeHash(user.id, code), options.now);
  return isUsed ? { ok: true, method } : { ok: false, method, reason: "wrong" };
}

function wrongCodeMessage(check: CodeCheck): string {
  if (check.ok) return M.wrongCode;
  if (check.reason === "replayed") return M.replayedCode;
  return check.method === "recovery code" ? M.wrongRecoveryCode : M.wrongCode;
}

/* ---------- enrolment material ---------- */

async function startAuthenticator(
  db: Kysely<Database>,
  user: UserRow,
  options: TwoFactorOptions,
): Promise<TwoFactorSetup> {
  const secret = new Secret({ size: SECRET_BYTES });
  const encrypted = encryptTotpSecret(new Uint8Array(secret.bytes), user.id, options.jwtSecret);
  if (!(await savePendingAuthenticator(db, user.id, encrypted, options.now))) {
    throw new HttpError(409, M.alreadyEnrolled);
  }
  const otpauthUri = totpFor(secret, user.email).toString();
  return {
    secret: secret.base32,
    manualKey: groupManualKey(secret.base32),
    otpauthUri,
    qrCodeSvg: await QRCode.toString(otpauthUri, {
      type: "svg",
      errorCorrectionLevel: "M",
      margin: 4,
    }),
  };
}

const isConfirmed = (row: AuthenticatorRow | undefined): row is AuthenticatorRow =>
  row !== undefined && row.confirmed_at !== null;

/* ---------- sign-in ---------- */

export type AfterPassword =
  | { kind: "session"; grant: SessionGrant }
  | { kind: "second-factor" | "enrolment"; challenge: string };

/**
 * What follows a correct password: the session (no second factor, none required), or a
 * challenge for the second step (an enrolled account), or for an enrolment (none yet, but
 * the agency requires one of all staff).
 */
export async function afterPassword(
  db: Kysely<Database>,
  user: UserRow,
  input: { rememberMe: boolean; ip: string },
  now: Date,
): Promise<AfterPassword> {
  const authenticator = await findAuthenticator(db, user.id);
  const purpose: ChallengeRow["purpose"] | undefined = isConfirmed(authenticator)
    ? "sign-in"
    : (await readTwoFactorRequirement(db)).requireTwoFactor
      ? "enrol"
      : undefined;
  if (!purpose) return { kind: "session", grant: await openSession(db, user, input, now) };
  const challenge = newOpaqueToken();
  await db.transaction().execute(async (trx) => {
    await insertChallenge(trx, {
      id: newId(),
      user_id: user.id,
      token_hash: hashToken(challenge),
      purpose,
      is_persistent: input.rememberMe ? 1 : 0,
      attempts: 0,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + TWO_FACTOR.challengeMinutes * 60_000)),
      used_at: null,
    });
    await writeAudit(trx, {
      actorUserId: null,
      action: "login.challenge",
      target: { type: "user", id: user.id },
      ip: input.ip,
      details: { step: purpose === "sign-in" ? "second factor" : "enrolment" },
    });
  });
  return { kind: purpose === "sign-in" ? "second-factor" : "enrolment", challenge };
}

/** The live challenge and its user, who must still be able to sign in; else 401. */
async function challengeAndUser(
  db: Kysely<Database>,
  challenge: string,
  purpose: ChallengeRow["purpose"],
  now: Date,
): Promise<{ row: ChallengeRow; user: UserRow }> {
  const expired = new HttpError(401, M.challengeMissing);
  const row = await findLiveChallenge(
    db,
    hashToken(challenge),
    purpose,
    TWO_FACTOR.challengeAttempts,
    now,
  );
  if (!row) throw expired;
  const user = await findUserById(db, row.user_id);
  if (!user || !canSignIn(user)) throw expired;
  return { row, user };
}

/** Takes an attempt of the challenge; a wrong code on the last one spends it. */
async function attemptOf(db: Kysely<Database>, row: ChallengeRow): Promise<number> {
  const attempts = await takeChallengeAttempt(db, row, TWO_FACTOR.challengeAttempts);
  if (attempts === undefined) throw new HttpError(401, M.challengeMissing);
  return attempts;
}

/**
 * The second step of an enrolled account's sign-in: a code from the authenticator or a
 * recovery code. Wrong codes count towards the sign-in lockout (decision 0020) as wrong
 * passwords do, and 5 spend the challenge.
 */
export async function completeSecondFactor(
  db: Kysely<Database>,
  input: { challenge: string; code: string; ip: string },
  options: TwoFactorOptions & { rateLimitScale: number },
): Promise<{ user: UserRow; grant: SessionGrant }> {
  const { now } = options;
  const { row, user } = await challengeAndUser(db, input.challenge, "sign-in", now);
  const authenticator = await findAuthenticator(db, user.id);
  if (!isConfirmed(authenticator)) throw new HttpError(401, M.challengeMissing);
  const lock = await activeLock(db, { email: user.email, ip: input.ip, userId: user.id }, options);
  if (lock) {
    await writeAudit(db, {
      actorUserId: null,
      action: "login.locked",
      target: { type: "user", id: user.id },
      ip: input.ip,
      details: { scope: lock, step: "second factor" },
    });
    throw tooManyAttempts();
  }
  const attempts = await attemptOf(db, row);
  const check = await spendCode(db, user, authenticator, input.code, {
    ...options,
    allowRecoveryCode: true,
  });
  if (!check.ok) {
    const attemptsLeft = TWO_FACTOR.challengeAttempts - attempts;
    await db.transaction().execute(async (trx) => {
      await recordLoginFailure(trx, { email: user.email, ip: input.ip }, now);
      await writeAudit(trx, {
        actorUserId: null,
        action: "login.second_factor.failure",
        target: { type: "user", id: user.id },
        ip: input.ip,
        details: { method: check.method, reason: check.reason, attemptsLeft },
      });
    });
    throw new HttpError(401, attemptsLeft > 0 ? wrongCodeMessage(check) : M.tooManyCodes);
  }
  if (!(await spendChallenge(db, row.id, now))) throw new HttpError(401, M.challengeMissing);
  const grant = await openSession(
    db,
    user,
    { rememberMe: row.is_persistent === 1, ip: input.ip },
    now,
  );
  await db.transaction().execute(async (trx) => {
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "login.second_factor.success",
      target: { type: "user", id: user.id },
      ip: input.ip,
      details: { method: check.method },
    });
    if (check.method === "recovery code") {
      await writeAudit(trx, {
        actorUserId: user.id,
        action: "two_factor.recovery_code_used",
        target: { type: "user", id: user.id },
        ip: input.ip,
        details: { remaining: await countUnusedRecoveryCodes(trx, user.id) },
      });
    }
  });
  return { user, grant };
}

/** Enrolment during sign-in (two-factor required, none yet): the authenticator to add. */
export async function startEnrolmentAtSignIn(
  db: Kysely<Database>,
  challenge: string,
  options: TwoFactorOptions & Where,
): Promise<TwoFactorSetup> {
  const { user } = await challengeAndUser(db, challenge, "enrol", options.now);
  const setup = await startAuthenticator(db, user, options);
  await writeAudit(db, {
    actorUserId: user.id,
    action: "two_factor.setup_started",
    target: { type: "user", id: user.id },
    ip: options.ip,
    details: { via: "sign-in" },
  });
  return setup;
}

/** Confirms the new authenticator with its first code; opens the session. */
export async function confirmEnrolmentAtSignIn(
  db: Kysely<Database>,
  input: { challenge: string; code: string; ip: string },
  options: TwoFactorOptions,
): Promise<{ user: UserRow; grant: SessionGrant; recoveryCodes: string[] }> {
  const { now } = options;
  const { row, user } = await challengeAndUser(db, input.challenge, "enrol", now);
  const authenticator = await findAuthenticator(db, user.id);
  if (!authenticator || isConfirmed(authenticator)) throw new HttpError(409, M.notStarted);
  const attempts = await attemptOf(db, row);
  const check = await spendCode(db, user, authenticator, input.code, {
    ...options,
    allowRecoveryCode: false,
    confirm: true,
  });
  if (!check.ok) {
    const attemptsLeft = TWO_FACTOR.challengeAttempts - attempts;
    await writeAudit(db, {
      actorUserId: null,
      action: "two_factor.code_failure",
      target: { type: "user", id: user.id },
      ip: input.ip,
      details: { action: "enrol at sign-in", reason: check.reason, attemptsLeft },
    });
    throw new HttpError(401, attemptsLeft > 0 ? wrongCodeMessage(check) : M.tooManyCodes);
  }
  if (!(await spendChallenge(db, row.id, now))) throw new HttpError(401, M.challengeMissing);
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const codes = await issueRecoveryCodes(trx, user.id, now);
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "two_factor.enrolled",
      target: { type: "user", id: user.id },
      ip: input.ip,
      details: { via: "sign-in" },
    });
    return codes;
  });
  const grant = await openSession(
    db,
    user,
    { rememberMe: row.is_persistent === 1, ip: input.ip },
    now,
  );
  return { user, grant, recoveryCodes };
}

/* ---------- Settings (signed in) ---------- */

export async function twoFactorStatus(
  db: Kysely<Database>,
  userId: string,
): Promise<TwoFactorStatus> {
  const authenticator = await findAuthenticator(db, userId);
  const enabled = isConfirmed(authenticator);
  return {
    enabled,
    enrolledAt: enabled ? authenticator.confirmed_at : null,
    recoveryCodesRemaining: enabled ? await countUnusedRecoveryCodes(db, userId) : 0,
    required: (await readTwoFactorRequirement(db)).requireTwoFactor,
  };
}

export async function startEnrolment(
  db: Kysely<Database>,
  user: UserRow,
  options: TwoFactorOptions & Where,
): Promise<TwoFactorSetup> {
  if (isConfirmed(await findAuthenticator(db, user.id))) {
    throw new HttpError(409, M.alreadyEnrolled);
  }
  const setup = await startAuthenticator(db, user, options);
  await writeAudit(db, {
    actorUserId: user.id,
    action: "two_factor.setup_started",
    target: { type: "user", id: user.id },
    ip: options.ip,
    details: { via: "settings" },
  });
  return setup;
}

/**
 * A code entered from Settings: per user, 5 wrong ones in 15 minutes hold the next
 * (429); each wrong one is audited. (The routes also have per-address limits.)
 */
async function settingsCode(
  db: Kysely<Database>,
  user: UserRow,
  authenticator: AuthenticatorRow,
  code: string,
  options: TwoFactorOptions &
    Where & { action: string; allowRecoveryCode: boolean; confirm?: boolean },
): Promise<CodeCheck & { ok: true }> {
  const since = new Date(options.now.getTime() - LOCKOUT_WINDOW_MS);
  if (
    authenticator.failed_attempts >= SETTINGS_CODE_FAILURES &&
    authenticator.last_failed_at !== null &&
    authenticator.last_failed_at > nowIso(since)
  ) {
    throw new HttpError(429, M.tooManySettingsCodes, {
      "retry-after": String(LOCKOUT_WINDOW_MS / 1000),
    });
  }
  const check = await spendCode(db, user, authenticator, code, options);
  if (!check.ok) {
    await db.transaction().execute(async (trx) => {
      await recordSettingsFailure(trx, user.id, since, options.now);
      await writeAudit(trx, {
        actorUserId: user.id,
        action: "two_factor.code_failure",
        target: { type: "user", id: user.id },
        ip: options.ip,
        details: { action: options.action, method: check.method, reason: check.reason },
      });
    });
    throw new HttpError(400, wrongCodeMessage(check));
  }
  if (authenticator.failed_attempts > 0) await clearSettingsFailures(db, user.id);
  return check;
}

export async function confirmEnrolment(
  db: Kysely<Database>,
  user: UserRow,
  code: string,
  options: TwoFactorOptions & Where,
): Promise<string[]> {
  const authenticator = await findAuthenticator(db, user.id);
  if (!authenticator) throw new HttpError(409, M.notStarted);
  if (isConfirmed(authenticator)) throw new HttpError(409, M.alreadyEnrolled);
  await settingsCode(db, user, authenticator, code, {
    ...options,
    action: "enrol",
    allowRecoveryCode: false,
    confirm: true,
  });
  return db.transaction().execute(async (trx) => {
    const codes = await issueRecoveryCodes(trx, user.id, options.now);
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "two_factor.enrolled",
      target: { type: "user", id: user.id },
      ip: options.ip,
      details: { via: "settings" },
    });
    return codes;
  });
}

/** New recovery codes (the old ones stop working), with a code from the authenticator. */
export async function regenerateRecoveryCodes(
  db: Kysely<Database>,
  user: UserRow,
  code: string,
  options: TwoFactorOptions & Where,
): Promise<string[]> {
  const authenticator = await findAuthenticator(db, user.id);
  if (!isConfirmed(authenticator)) throw new HttpError(409, M.notEnrolled);
  await settingsCode(db, user, authenticator, code, {
    ...options,
    action: "regenerate recovery codes",
    allowRecoveryCode: false,
  });
  return db.transaction().execute(async (trx) => {
    const codes = await issueRecoveryCodes(trx, user.id, options.now);
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "two_factor.recovery_codes.regenerated",
      target: { type: "user", id: user.id },
      ip: options.ip,
    });
    return codes;
  });
}

/**
 * Turns two-factor sign-in off: the current password (checked with the sign-in lockout)
 * and a code (authenticator or recovery). Refused while the agency requires it of all
 * staff (decision 0023).
 */
export async function disableTwoFactor(
  db: Kysely<Database>,
  user: UserRow,
  input: { password: string; code: string },
  options: TwoFactorOptions & Where & { rateLimitScale: number },
): Promise<void> {
  const authenticator = await findAuthenticator(db, user.id);
  if (!isConfirmed(authenticator)) throw new HttpError(409, M.notEnrolled);
  if ((await readTwoFactorRequirement(db)).requireTwoFactor) {
    throw new HttpError(409, M.requiredCannotDisable);
  }
  await verifyCurrentPassword(db, user, input.password, {
    ...options,
    step: "disable two-factor",
    wrong: M.wrongPassword,
  });
  const check = await settingsCode(db, user, authenticator, input.code, {
    ...options,
    action: "disable",
    allowRecoveryCode: true,
  });
  await db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, user.id);
    await writeAudit(trx, {
      actorUserId: user.id,
      action: "two_factor.disabled",
      target: { type: "user", id: user.id },
      ip: options.ip,
      details: { method: check.method },
    });
  });
}

/** An operator's reset of a lost second factor (create-user --reset-two-factor). */
export async function resetTwoFactor(
  db: Kysely<Database>,
  userId: string,
  via: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const hadOne = await deleteTwoFactor(trx, userId);
    await writeAudit(trx, {
      actorUserId: null,
      action: "two_factor.reset",
      target: { type: "user", id: userId },
      ip: null,
      details: { via, hadOne },
    });
    return hadOne;
  });
}

/**
 * The switch "Require two-factor sign-in for all staff" (admins; audited). Turning it on
 * ends, in the same transaction, every live session of staff without a confirmed second
 * factor: they sign in again and enrol (decision 0023). The admin who turns it on must
 * have one already; otherwise the switch would sign them out too, mid-click (409).
 */
export async function setTwoFactorRequirement(
  db: Kysely<Database>,
  requireTwoFactor: boolean,
  actor: { actorUserId: string; ip: string; now: Date },
): Promise<{ requireTwoFactor: boolean; updatedAt: string | null }> {
  return db.transaction().execute(async (trx) => {
    if (requireTwoFactor && !isConfirmed(await findAuthenticator(trx, actor.actorUserId))) {
      throw new HttpError(409, M.enrolBeforeRequiring);
    }
    const before = await readTwoFactorRequirement(trx);
    await writeTwoFactorRequirement(trx, requireTwoFactor, actor.actorUserId, actor.now);
    // Every time it is set on, not only when it changes: a session opened in a race with
    // an earlier switch (its sign-in read "off") ends now too.
    const ended = requireTwoFactor ? await revokeSessionsWithoutSecondFactor(trx, actor.now) : [];
    for (const { userId, sessions } of ended) {
      await writeAudit(trx, {
        actorUserId: actor.actorUserId,
        action: "sessions.revoked",
        target: { type: "user", id: userId },
        ip: actor.ip,
        details: { reason: "two-factor sign-in required", sessions },
      });
    }
    await writeAudit(trx, {
      actorUserId: actor.actorUserId,
      action: "settings.updated",
      target: { type: "setting", id: "security.requireTwoFactor" },
      ip: actor.ip,
      details: {
        requireTwoFactor: { from: before.requireTwoFactor, to: requireTwoFactor },
        ...(requireTwoFactor ? { staffSignedOut: ended.length } : {}),
      },
    });
    return readTwoFactorRequirement(trx);
  });
}
