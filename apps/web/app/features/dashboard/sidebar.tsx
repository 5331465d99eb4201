import { type User, userDisplayName, userRoleLabel } from "@agency/domain";
import { Link } from "react-router";
import { AgencyLogo } from "../../components/agency-logo";
import {
  ActivityIcon,
  CalendarIcon,
  ClipboardIcon,
  DashboardRefreshIcon,
  DashboardShieldIcon,
  DashboardUsersIcon,
  DocumentIcon,
  GearIcon,
  GridIcon,
  HeadsetIcon,
  type IconComponent,
  InboxIcon,
  LogoutIcon,
  UserIcon,
} from "../../components/icons/index";
import { cn } from "../../lib/cn";
import {
  canOpenView,
  DASHBOARD_VIEWS,
  type DashboardPlace,
  type DashboardView,
} from "../../lib/dashboard-views";

const ICONS: Record<DashboardView, IconComponent> = {
  overview: GridIcon,
  people: UserIcon,
  contacts: InboxIcon,
  quotes: DocumentIcon,
  appointments: CalendarIcon,
  service: HeadsetIcon,
  tasks: ClipboardIcon,
  renewals: DashboardRefreshIcon,
  reports: ActivityIcon,
  privacy: DashboardShieldIcon,
  users: DashboardUsersIcon,
  settings: GearIcon,
};

interface SidebarProps {
  user: User;
  /** Where the address points: its view is marked (the current page, or the page's section). */
  place: DashboardPlace;
  onLogout: () => void;
  isLoggingOut: boolean;
  /** A view's link was chosen (the drawer closes before the page changes). */
  onNavigate?: () => void;
  /** The drawer's close button (small screens); none in the fixed sidebar. */
  closeButton?: React.ReactNode;
}

/** Sidebar content: links to the views, then the signed-in user and Logout. */
export function Sidebar({
  user,
  place,
  onLogout,
  isLoggingOut,
  onNavigate,
  closeButton,
}: SidebarProps) {
  const itemClass =
    "flex min-h-11 w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left font-medium";
  return (
    <div className="flex h-full flex-col gap-4 p-4 text-white">
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-bold">
          <AgencyLogo className="h-8" eager />
          Agency Admin
        </p>
        {closeButton}
      </div>
      <nav aria-label="Dashboard" className="flex-1">
        <ul className="space-y-1">
          {DASHBOARD_VIEWS.filter((view) => canOpenView(user, view.id)).map((view) => {
            const Icon = ICONS[view.id];
            const isActive = place.kind !== "unknown" && view.id === place.view;
            return (
              <li key={view.id}>
                <Link
                  to={view.path}
                  onClick={onNavigate}
                  // On a lead's page its list is the section, not the page itself.
                  aria-current={isActive ? (place.kind === "view" ? "page" : "true") : undefined}
                  className={cn(
                    itemClass,
                    isActive
                      ? "bg-white text-navy-900"
                      : "text-slate-100 hover:bg-white/10 hover:text-white",
                  )}
                >
                  <Icon className="size-5" />
                  {view.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="border-t border-white/20 pt-4">
        <p className="truncate font-semibold" title={userDisplayName(user)}>
          {userDisplayName(user)}
        </p>
        <p className="text-sm text-slate-200">{userRoleLabel(user)}</p>
        <button
          type="button"
          onClick={onLogout}
          disabled={isLoggingOut}
          aria-busy={isLoggingOut}
          className={cn(
            itemClass,
            "mt-3 text-slate-100 hover:bg-white/10 hover:text-white disabled:opacity-60",
          )}
        >
          <LogoutIcon className="size-5" />
          {isLoggingOut ? "Logging out…" : "Logout"}
        </button>
      </div>
    </div>
  );
}
