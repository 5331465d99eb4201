import { can, type Permission, type User } from "@agency/domain";

/**
 * The dashboard's views, in sidebar order (spec section 2), with the permission each needs
 * beyond opening the dashboard (decision 0025). Settings holds everyone's own password and
 * two-factor sign-in, so every staff role has it; its agency-wide parts ask users.manage.
 */
export const DASHBOARD_VIEWS = [
  { id: "overview", label: "Dashboard", title: "Dashboard Overview" },
  { id: "contacts", label: "Contacts", title: "Contacts" },
  { id: "quotes", label: "Quotes", title: "Auto Quotes" },
  { id: "appointments", label: "Appointments", title: "Appointments" },
  { id: "users", label: "All Users", title: "All Users", permission: "users.manage" },
  { id: "settings", label: "Settings", title: "Settings" },
] as const satisfies readonly {
  id: string;
  label: string;
  title: string;
  permission?: Permission;
}[];

export type DashboardView = (typeof DASHBOARD_VIEWS)[number]["id"];

export const DEFAULT_VIEW: DashboardView = "overview";

/** Where the active view is kept, so a return visit opens where the user left off. */
export const ACTIVE_VIEW_STORAGE_KEY = "dashboardActiveView";

export function isDashboardView(value: unknown): value is DashboardView {
  return DASHBOARD_VIEWS.some((view) => view.id === value);
}

export function viewInfo(id: DashboardView) {
  return DASHBOARD_VIEWS.find((view) => view.id === id) ?? DASHBOARD_VIEWS[0];
}

/** Whether the user's role opens this view (the server refuses its calls otherwise). */
export function canOpenView(user: User | null, id: DashboardView): boolean {
  const view = viewInfo(id);
  return "permission" in view ? can(user, view.permission) : true;
}

/** The view to open: the one asked for when the role opens it, else the overview. */
export function allowedView(user: User | null, id: DashboardView): DashboardView {
  return canOpenView(user, id) ? id : DEFAULT_VIEW;
}

export function readStoredView(): DashboardView {
  try {
    const stored = window.localStorage.getItem(ACTIVE_VIEW_STORAGE_KEY);
    return isDashboardView(stored) ? stored : DEFAULT_VIEW;
  } catch {
    return DEFAULT_VIEW;
  }
}

export function storeView(view: DashboardView): void {
  try {
    window.localStorage.setItem(ACTIVE_VIEW_STORAGE_KEY, view);
  } catch {
    // Storage may be unavailable (private mode): the view still changes for this visit.
  }
}
