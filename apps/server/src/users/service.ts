import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { findUserByEmail, insertUser, updateUser } from "./repository.ts";

export const ACCOUNT_KINDS = ["user", "admin", "super-admin"] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export type UpsertUserInput = {
  email: string;
  password: string;
  kind: AccountKind;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

function flagsFor(kind: AccountKind) {
  return {
    is_admin: kind === "user" ? 0 : 1,
    super_admin: kind === "super-admin" ? 1 : 0,
    roles: JSON.stringify(kind === "user" ? ["User"] : ["User", "Admin"]),
  } as const;
}

/**
 * Creates the user, or updates the password and flags of an existing one (the contract's
 * `create-user`). Accounts made here are verified and active: an operator vouched for them.
 */
export async function upsertUser(
  db: Kysely<Database>,
  input: UpsertUserInput,
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  const flags = flagsFor(input.kind);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await updateUser(db, existing.id, {
      ...flags,
      password_hash: passwordHash,
      password_changed_at: now,
      is_verified: 1,
      is_active: 1,
      ...(input.firstName === undefined ? {} : { first_name: input.firstName }),
      ...(input.lastName === undefined ? {} : { last_name: input.lastName }),
      updated_at: now,
    });
    return { id: existing.id, created: false };
  }
  const id = newId();
  await insertUser(db, {
    id,
    email,
    password_hash: passwordHash,
    first_name: input.firstName ?? "",
    last_name: input.lastName ?? "",
    ...flags,
    is_verified: 1,
    is_active: 1,
    password_changed_at: now,
    created_at: now,
    updated_at: now,
  });
  return { id, created: true };
}

/**
 * Start-up bootstrap for `ADMIN_EMAIL` / `ADMIN_PASSWORD`: makes sure a verified, active
 * super admin with that password exists. Leaves a matching account untouched, so a
 * restart does not count as a password change (which would end that admin's sessions).
 */
export async function ensureSuperAdmin(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<void> {
  const existing = await findUserByEmail(db, email.trim().toLowerCase());
  const isInPlace =
    existing?.password_hash &&
    existing.super_admin === 1 &&
    existing.is_admin === 1 &&
    existing.is_verified === 1 &&
    existing.is_active === 1 &&
    (await verifyPassword(existing.password_hash, password));
  if (isInPlace) return;
  await upsertUser(db, { email, password, kind: "super-admin" });
}
