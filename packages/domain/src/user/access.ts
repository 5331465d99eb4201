import { staffRoleOf } from "./permissions.ts";
import type { User } from "./schema.ts";

type RoleFields = Pick<User, "isAdmin" | "supperAdmin"> & { role?: readonly string[] };

/** /dashboard opens for every staff role (decision 0025); each view then asks `can()`. */
export function canAccessDashboard(user: RoleFields | null | undefined): boolean {
  return staffRoleOf(user) !== null;
}

export function userRoleLabel(
  user: RoleFields,
): "Super Admin" | "Administrator" | "Manager" | "Agent" | "Support" | "User" {
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
