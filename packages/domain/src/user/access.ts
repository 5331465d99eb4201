import type { User } from "./schema.ts";

type AdminFlags = Pick<User, "isAdmin" | "supperAdmin">;

/** /dashboard and every admin call: isAdmin or supperAdmin, no difference between them. */
export function canAccessDashboard(user: AdminFlags | null | undefined): boolean {
  return Boolean(user && (user.isAdmin || user.supperAdmin));
}

export function userRoleLabel(user: AdminFlags): "Super Admin" | "Administrator" | "User" {
  if (user.supperAdmin) return "Super Admin";
  if (user.isAdmin) return "Administrator";
  return "User";
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
