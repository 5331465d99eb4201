/** The dashboard's views, in sidebar order (spec section 2). */
export const DASHBOARD_VIEWS = [
  { id: "overview", label: "Dashboard", title: "Dashboard Overview" },
  { id: "contacts", label: "Contacts", title: "Contacts" },
  { id: "quotes", label: "Quotes", title: "Auto Quotes" },
  { id: "appointments", label: "Appointments", title: "Appointments" },
  { id: "users", label: "All Users", title: "All Users" },
  { id: "settings", label: "Settings", title: "Settings" },
] as const;

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
