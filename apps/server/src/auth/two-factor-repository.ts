import type { Kysely } from "kysely";
import type { Database, TwoFactorChallengesTable, TwoFactorTable } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";

/** All SQL of two-factor sign-in (decision 0023). Every "use once" is one conditional update. */

export type AuthenticatorRow = TwoFactorTable;
export type ChallengeRow = TwoFactorChallengesTable;

export function findAuthenticator(db: Kysely<Database>, userId: string) {
  return db.selectFrom("two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/**
 * Stores a new, unconfirmed authenticator, replacing an earlier unconfirmed one. A
 * confirmed one is never replaced here: answers false then.
 */
export async function savePendingAuthenticator(
  db: Kysely<Database>,
  userId: string,
  secretEncrypted: string,
  now: Date,
): Promise<boolean> {
  const at = nowIso(now);
  await db
    .insertInto("two_factor")
    .values({
      user_id: userId,
      secret_encrypted: secretEncrypted,
      confirmed_at: null,
      last_used_step: null,
      failed_attempts: 0,
      last_failed_at: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({
          secret_encrypted: secretEncrypted,
          last_used_step: null,
          failed_attempts: 0,
          last_failed_at: null,
          created_at: at,
          updated_at: at,
        })
        .where("two_factor.confirmed_at", "is", null),
    )
    .execute();
  const row = await findAuthenticator(db, userId);
  return row?.confirmed_at === null && row.secret_encrypted === secretEncrypted;
}

/**
 * Takes a TOTP time step for the user: only a step later than the last one taken is
 * accepted, so a code works once, whichever instance sees it (and an earlier code is
 * refused after a later one was used). With `confirm`, it also activates a pending
 * authenticator. Answers false when the step was taken already.
 */
export async function takeTimeStep(
  db: Kysely<Database>,
  userId: string,
  step: number,
  now: Date,
  options: { confirm?: boolean } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("two_factor")
    .set({
      last_used_step: step,
      updated_at: nowIso(now),
      ...(options.confirm ? { confirmed_at: nowIso(now) } : {}),
    })
    .where("user_id", "=", userId)
    .where("confirmed_at", options.confirm ? "is" : "is not", null)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A wrong code entered from Settings: counted per user within a window (`since`). */
export async function recordSettingsFailure(
  db: Kysely<Database>,
  userId: string,
  since: Date,
  now: Date,
): Promise<void> {
  await db
    .updateTable("two_factor")
    .set((eb) => ({
      failed_attempts: eb
        .case()
        .when("last_failed_at", ">", nowIso(since))
        .then(eb("failed_attempts", "+", 1))
        .else(1)
        .end(),
      last_failed_at: nowIso(now),
    }))
    .where("user_id", "=", userId)
    .execute();
}

export async function clearSettingsFailures(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable("two_factor")
    .set({ failed_attempts: 0, last_failed_at: null })
    .where("user_id", "=", userId)
    .execute();
}

/** The user's recovery codes become exactly these (hashes); earlier ones stop working. */
export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  codeHashes: string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  await db
    .insertInto("two_factor_recovery_codes")
    .values(
      codeHashes.map((codeHash) => ({
        id: newId(),
        user_id: userId,
        code_hash: codeHash,
        used_at: null,
        created_at: nowIso(now),
      })),
    )
    .execute();
}

/** Spends an unused recovery code; answers false when there is none with that hash. */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("two_factor_recovery_codes")
    .set({ used_at: nowIso(now) })
    .where("user_id", "=", userId)
    .where("code_hash", "=", codeHash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

export async function countUnusedRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom("two_factor_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes the user's authenticator, recovery codes and open challenges. */
export async function deleteTwoFactor(db: Kysely<Database>, userId: string): Promise<boolean> {
  await db.deleteFrom("two_factor_challenges").where("user_id", "=", userId).execute();
  await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  const result = await db.deleteFrom("two_factor").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertChallenge(db: Kysely<Database>, row: ChallengeRow): Promise<void> {
  await db.insertInto("two_factor_challenges").values(row).execute();
}

/** A challenge that is unused, unexpired and has attempts left. */
export function findLiveChallenge(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: ChallengeRow["purpose"],
  maxAttempts: number,
  now: Date,
) {
  return db
    .selectFrom("two_factor_challenges")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso(now))
    .where("attempts", "<", maxAttempts)
    .executeTakeFirst();
}

/**
 * Takes one attempt of a challenge before its code is checked, so parallel guesses
 * cannot exceed the limit. Answers the attempts now taken, or undefined when none was left.
 */
export async function takeChallengeAttempt(
  db: Kysely<Database>,
  challenge: ChallengeRow,
  maxAttempts: number,
): Promise<number | undefined> {
  const result = await db
    .updateTable("two_factor_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", challenge.id)
    .where("used_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  const row = await db
    .selectFrom("two_factor_challenges")
    .select("attempts")
    .where("id", "=", challenge.id)
    .executeTakeFirst();
  return row?.attempts ?? maxAttempts;
}

/** Spends a challenge; answers false when it was spent already. */
export async function spendChallenge(
  db: Kysely<Database>,
  challengeId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("two_factor_challenges")
    .set({ used_at: nowIso(now) })
    .where("id", "=", challengeId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The settings key of the switch "Require two-factor sign-in for all staff". */
export const REQUIRE_TWO_FACTOR_KEY = "security.requireTwoFactor";

export async function readTwoFactorRequirement(
  db: Kysely<Database>,
): Promise<{ requireTwoFactor: boolean; updatedAt: string | null }> {
  const row = await db
    .selectFrom("settings")
    .selectAll()
    .where("key", "=", REQUIRE_TWO_FACTOR_KEY)
    .executeTakeFirst();
  return { requireTwoFactor: row?.value === "true", updatedAt: row?.updated_at ?? null };
}

export async function writeTwoFactorRequirement(
  db: Kysely<Database>,
  requireTwoFactor: boolean,
  actorUserId: string,
  now: Date,
): Promise<void> {
  const values = {
    value: JSON.stringify(requireTwoFactor),
    updated_at: nowIso(now),
    updated_by: actorUserId,
  };
  await db
    .insertInto("settings")
    .values({ key: REQUIRE_TWO_FACTOR_KEY, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}
