import type { User } from "./schema.ts";

/**
 * What staff may do, by role (issue 14; decision 0025). The server enforces it on every
 * route; the web app reads the same matrix only to hide what a role may not use.
 *
 * Roles, each including the one before it:
 * - Agent (and Support): works leads: views them, notes calls, changes status, sets
 *   follow-ups, enters phone and walk-in leads, edits contact details, assigns to self.
 * - Manager: also assigns to anyone, exports, archives and restores, sees reports.
 * - Admin (the `isAdmin` flag or the Admin role): also manages users and settings.
 * - Super admin (`supperAdmin`): also manages admins.
 * A plain User has no staff access at all.
 */
export const STAFF_ROLES = ["agent", "manager", "admin", "superAdmin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  agent: "Agent",
  manager: "Manager",
  admin: "Administrator",
  superAdmin: "Super Admin",
};

export const PERMISSIONS = [
  /** Open the dashboard; read leads, their timeline and notes; the bell. */
  "leads.view",
  /** Note a call, change status, set a follow-up, enter a lead, edit contact details, assign to self. */
  "leads.work",
  /** Assign a lead to any staff member (or unassign someone else's). */
  "leads.assign",
  "leads.export",
  /** Archive (the API's DELETE) and restore. */
  "leads.archive",
  /** Keep the saved email templates (Settings); everyone who emails leads uses them. */
  "templates.manage",
  /** The overview's figures, trends and the report data (policies are leads.view/leads.work, decision 0072). */
  "reports.view",
  /** The Users view, invitations, roles; the agency settings. */
  "users.manage",
  /** Grant or take admin and super-admin rights; act on an admin's account. */
  "admins.manage",
  /** Bring an existing book of people and policies in from a CSV file (decision 0075). */
  "book.import",
  /** Privacy requests (issue 30 §2): work them, and export everything held on a person. */
  "privacy.manage",
  /** Erase a person's records (issue 30 §2): removes what need not be kept. */
  "people.erase",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The lowest role that holds each permission. */
const LOWEST_ROLE: Record<Permission, StaffRole> = {
  "leads.view": "agent",
  "leads.work": "agent",
  "leads.assign": "manager",
  "leads.export": "manager",
  "leads.archive": "manager",
  "templates.manage": "manager",
  "reports.view": "manager",
  "users.manage": "admin",
  "admins.manage": "superAdmin",
  "book.import": "admin",
  "privacy.manage": "manager",
  "people.erase": "admin",
};

type RoleHolder = Pick<User, "isAdmin" | "supperAdmin"> & { role?: readonly string[] };

/** A user's staff role, or null for a plain user (no dashboard). */
export function staffRoleOf(user: RoleHolder | null | undefined): StaffRole | null {
  if (!user) return null;
  if (user.supperAdmin) return "superAdmin";
  const roles = user.role ?? [];
  if (user.isAdmin || roles.includes("Admin")) return "admin";
  if (roles.includes("Manager")) return "manager";
  if (roles.includes("Agent") || roles.includes("Support")) return "agent";
  return null;
}

export function roleHas(role: StaffRole | null, permission: Permission): boolean {
  if (role === null) return false;
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(LOWEST_ROLE[permission]);
}

export function can(user: RoleHolder | null | undefined, permission: Permission): boolean {
  return roleHas(staffRoleOf(user), permission);
}

/** The matrix as rows, for the decision record and the tests. */
export function permissionMatrix(): Record<StaffRole, Permission[]> {
  return Object.fromEntries(
    STAFF_ROLES.map((role) => [role, PERMISSIONS.filter((p) => roleHas(role, p))]),
  ) as Record<StaffRole, Permission[]>;
}

/** What each permission lets one do, as the 403 answer and the decision record word it. */
export const PERMISSION_ACTIONS: Record<Permission, string> = {
  "leads.view": "see leads",
  "leads.work": "work leads",
  "leads.assign": "assign leads to other staff",
  "leads.export": "export leads",
  "leads.archive": "archive or restore leads",
  "templates.manage": "manage email templates",
  "reports.view": "see the agency's figures and reports",
  "users.manage": "manage users and settings",
  "admins.manage": "manage administrators",
  "book.import": "import a book of people and policies",
  "privacy.manage": "work privacy requests and export a person's data",
  "people.erase": "erase a person's records",
};

/** The lowest role holding a permission (its label in messages). */
export function lowestRoleFor(permission: Permission): StaffRole {
  return LOWEST_ROLE[permission];
}

/** The server's 403 when a signed-in caller's role lacks the permission. */
export function permissionDeniedMessage(permission: Permission): string {
  const lowest = LOWEST_ROLE[permission];
  const needed = lowest === "agent" ? "Staff" : STAFF_ROLE_LABELS[lowest];
  return `Your role cannot ${PERMISSION_ACTIONS[permission]}: ${needed} access required`;
}

/** The server's 403s in the Users view; the web app shows the same words beside a locked control. */
export const USER_RULE_MESSAGES = {
  superAdminGrant: "Only a super admin can grant or revoke super admin access.",
  superAdminTarget: "Only a super admin can change, deactivate or delete a super admin's account.",
  adminGrant: "Only a super admin can grant or remove administrator access.",
  adminTarget: "Only a super admin can change, deactivate or delete an administrator's account.",
} as const;

type AccountChange = {
  isAdmin?: boolean | undefined;
  supperAdmin?: boolean | undefined;
  role?: readonly string[] | undefined;
};

/**
 * Why `actor` may not make `change` to `target`'s account (roles, flags, activation,
 * invitation, deletion; `{}` asks about touching the account at all), or null when they
 * may. Whoever manages users manages Agents, Support, Managers and plain users; only a
 * super admin grants or removes Admin or super admin, or acts on an admin's account.
 */
export function accountChangeRefusal(
  actor: RoleHolder | null | undefined,
  target: RoleHolder,
  change: AccountChange = {},
): string | null {
  if (!can(actor, "users.manage")) return permissionDeniedMessage("users.manage");
  if (can(actor, "admins.manage")) return null;
  if (change.supperAdmin !== undefined && change.supperAdmin !== target.supperAdmin) {
    return USER_RULE_MESSAGES.superAdminGrant;
  }
  if (target.supperAdmin) return USER_RULE_MESSAGES.superAdminTarget;
  if (staffRoleOf(target) === "admin") return USER_RULE_MESSAGES.adminTarget;
  if (change.isAdmin === true || change.role?.includes("Admin")) {
    return USER_RULE_MESSAGES.adminGrant;
  }
  return null;
}
