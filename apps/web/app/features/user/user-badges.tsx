import { staffRoleOf, type User, userRoleLabel } from "@agency/domain";
import { cn } from "../../lib/cn";

const badgeClass = "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold";

/** The spec's badges: Admin, Super Admin, Unverified; and Manager, Agent or Support (decision 0025). */
export function UserBadges({ user, className }: { user: User; className?: string }) {
  const role = staffRoleOf(user);
  const staffBadge = role === "manager" || role === "agent" ? userRoleLabel(user) : null;
  if (!user.isAdmin && !user.supperAdmin && user.isVerified && !staffBadge) return null;
  return (
    <span className={cn("flex flex-wrap gap-1.5", className)}>
      {staffBadge ? (
        <span className={cn(badgeClass, "bg-emerald-100 text-emerald-900")}>{staffBadge}</span>
      ) : null}
      {user.isAdmin ? (
        <span className={cn(badgeClass, "bg-brand-100 text-brand-800")}>Admin</span>
      ) : null}
      {user.supperAdmin ? (
        <span className={cn(badgeClass, "bg-violet-100 text-violet-900")}>Super Admin</span>
      ) : null}
      {!user.isVerified ? (
        <span className={cn(badgeClass, "bg-amber-100 text-amber-900")}>Unverified</span>
      ) : null}
    </span>
  );
}
