export const ROLES = ["User", "Admin", "Manager", "Support", "Agent"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Adds the role if missing, removes it if present; the result keeps ROLES order. */
export function toggleRole(roles: readonly Role[], role: Role): Role[] {
  const next = new Set(roles);
  if (next.has(role)) next.delete(role);
  else next.add(role);
  return ROLES.filter((candidate) => next.has(candidate));
}
