import { canAccessDashboard, type User } from "@agency/domain";
import { safeReturnPath } from "../../lib/return-to";

/**
 * Where a sign-in lands (spec): staff on the dashboard (at the address they asked for, when
 * a dashboard link sent them to sign in), anyone else home.
 */
export function landingPathFor(user: User, requested?: string | null): string {
  if (!canAccessDashboard(user)) return "/";
  return safeReturnPath(requested) ?? "/dashboard";
}
