import { type Permission, roleHas, type StaffRole, staffRoleOf, type User } from "@agency/domain";
import type { UserRow } from "./account-repository.ts";

/**
 * The one place a user row becomes the API's user (no hash, no internal flags). Pass the
 * live invitation expiries (Users view) to say where an invitation is still pending.
 */
export function toUser(row: UserRow, invitations?: Map<string, string>): User {
  return {
    _id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: JSON.parse(row.roles),
    isAdmin: row.is_admin === 1,
    supperAdmin: row.super_admin === 1,
    isVerified: row.is_verified === 1,
    createdAt: row.created_at,
    ...(invitations && row.password_hash === null
      ? { invitation: { expiresAt: invitations.get(row.id) ?? null } }
      : {}),
  };
}

/** The row's staff role by the domain's matrix (decision 0025), or null for a plain user. */
export function staffRoleOfRow(row: UserRow): StaffRole | null {
  return staffRoleOf({
    isAdmin: row.is_admin === 1,
    supperAdmin: row.super_admin === 1,
    role: JSON.parse(row.roles) as string[],
  });
}

export function rowCan(row: UserRow, permission: Permission): boolean {
  return roleHas(staffRoleOfRow(row), permission);
}

/** Signing in needs a verified, active account with a password. */
export function canSignIn(row: UserRow): boolean {
  return row.is_verified === 1 && row.is_active === 1 && row.password_hash !== null;
}
