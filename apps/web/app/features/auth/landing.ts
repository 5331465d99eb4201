import { canAccessDashboard, type User } from "@agency/domain";

/** Where a sign-in lands (spec): admins and super admins on the dashboard, anyone else home. */
export function landingPathFor(user: User): string {
  return canAccessDashboard(user) ? "/dashboard" : "/";
}
