import { can, type Permission, staffRoleOf } from "./permissions.ts";
import type { User } from "./schema.ts";

type RoleFields = Pick<User, "isAdmin" | "supperAdmin"> & { role?: readonly string[] };

/** /dashboard opens for every staff role (decision 0025); each view then asks `can()`. */
export function canAccessDashboard(user: RoleFields | null | undefined): boolean {
  return staffRoleOf(user) !== null;
}

export type RoleLabel = "Super Admin" | "Administrator" | "Manager" | "Agent" | "Support" | "User";

export function userRoleLabel(user: RoleFields): RoleLabel {
  switch (staffRoleOf(user)) {
    case "superAdmin":
      return "Super Admin";
    case "admin":
      return "Administrator";
    case "manager":
      return "Manager";
    case "agent":
      return user.role?.includes("Agent") ? "Agent" : "Support";
    default:
      return "User";
  }
}

/** One account of each kind there is, from a plain user up, as accounts hold their roles. */
const ONE_OF_EACH_KIND: readonly RoleFields[] = [
  { isAdmin: false, supperAdmin: false, role: ["User"] },
  { isAdmin: false, supperAdmin: false, role: ["User", "Agent"] },
  { isAdmin: false, supperAdmin: false, role: ["User", "Support"] },
  { isAdmin: false, supperAdmin: false, role: ["User", "Manager"] },
  { isAdmin: true, supperAdmin: false, role: ["User", "Admin"] },
  { isAdmin: true, supperAdmin: true, role: ["User", "Admin"] },
];

/**
 * The roles, as the site names them (userRoleLabel), whose accounts may use a route of this
 * access: every signed-in one for "user", else those the permission matrix grants it (`can`,
 * as the server's guard asks). The API document lists these, never a list written by hand.
 */
export function roleLabelsAllowed(access: Permission | "user"): RoleLabel[] {
  return ONE_OF_EACH_KIND.filter((user) => access === "user" || can(user, access)).map(
    userRoleLabel,
  );
}

/** The full name, else the email, else "Admin User" (the dashboard sidebar's fallback). */
export function userDisplayName(
  user: Partial<Pick<User, "firstName" | "lastName" | "email">> | null | undefined,
): string {
  const fullName = [user?.firstName, user?.lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
  return fullName || user?.email?.trim() || "Admin User";
}

export function accountStatus(user: Pick<User, "isVerified">): "Active" | "Inactive" {
  return user.isVerified ? "Active" : "Inactive";
}
