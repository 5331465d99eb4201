import { can, type Permission, type User } from "@agency/domain";

/**
 * The dashboard's views, in sidebar order, their addresses (docs/contract.md, "Pages";
 * decision 0029: app/routes.ts has a route for each path), and the permission
 * each needs beyond opening the dashboard (decision 0025). Settings holds everyone's own
 * password and two-factor sign-in, so every staff role has it; its agency-wide parts ask
 * users.manage.
 */
export const DASHBOARD_VIEWS = [
  { id: "overview", path: "/dashboard", label: "Dashboard", title: "Dashboard Overview" },
  // The person behind the leads first (issue 27 §1): where an agency starts from.
  { id: "people", path: "/dashboard/people", label: "People", title: "People" },
  { id: "contacts", path: "/dashboard/contacts", label: "Contacts", title: "Contacts" },
  { id: "quotes", path: "/dashboard/quotes", label: "Quotes", title: "Auto Quotes" },
  {
    id: "appointments",
    path: "/dashboard/appointments",
    label: "Appointments",
    title: "Appointments",
  },
  // Existing clients' requests from the Client Center (issue 29 §2), worked as leads.
  { id: "service", path: "/dashboard/service", label: "Service", title: "Service Requests" },
  { id: "tasks", path: "/dashboard/tasks", label: "Tasks", title: "Tasks" },
  // Terms coming up for renewal (issue 28 §2): whoever sees policies.
  { id: "renewals", path: "/dashboard/renewals", label: "Renewals", title: "Renewals" },
  // Figures from the records (issue 28 §3, decision 0074): Manager and above.
  {
    id: "reports",
    path: "/dashboard/reports",
    label: "Reports",
    title: "Reports",
    permission: "reports.view",
  },
  // People's privacy requests (issue 30 §2, decision 0082): Manager and above.
  {
    id: "privacy",
    path: "/dashboard/privacy",
    label: "Privacy",
    title: "Privacy Requests",
    permission: "privacy.manage",
  },
  {
    id: "users",
    path: "/dashboard/users",
    label: "All Users",
    title: "All Users",
    permission: "users.manage",
  },
  { id: "settings", path: "/dashboard/settings", label: "Settings", title: "Settings" },
] as const satisfies readonly {
  id: string;
  path: string;
  label: string;
  title: string;
  permission?: Permission;
}[];

export type DashboardView = (typeof DASHBOARD_VIEWS)[number]["id"];

/**
 * The views whose items have a page of their own at `<view path>/:id` (each is also the
 * API_ENDPOINTS group of its routes), and the lead's type as notes and audit entries name it.
 */
export const LEAD_VIEWS = {
  quotes: { type: "auto_quote", noun: "quote", title: "Quote Request" },
  contacts: { type: "contact", noun: "message", title: "Contact Message" },
  appointments: { type: "appointment", noun: "appointment", title: "Appointment" },
} as const;
export type LeadView = keyof typeof LEAD_VIEWS;

/**
 * The views whose items are worked as leads (status, notes, assignment, tasks, emails,
 * archive; decisions 0077, 0079): the three kinds of lead and the Client Center's service requests,
 * which are no lead for figures (the overview, reports, the bell and the timeline leave them
 * out). Each is also the API_ENDPOINTS group of its routes.
 */
export const WORK_VIEWS = {
  ...LEAD_VIEWS,
  service: { type: "service_request", noun: "request", title: "Service Request" },
} as const;
export type WorkView = keyof typeof WORK_VIEWS;

export function isDashboardView(value: unknown): value is DashboardView {
  return DASHBOARD_VIEWS.some((view) => view.id === value);
}

export function isLeadView(value: unknown): value is LeadView {
  return typeof value === "string" && Object.hasOwn(LEAD_VIEWS, value);
}

export function isWorkView(value: unknown): value is WorkView {
  return typeof value === "string" && Object.hasOwn(WORK_VIEWS, value);
}

export function viewInfo(id: DashboardView) {
  return DASHBOARD_VIEWS.find((view) => view.id === id) ?? DASHBOARD_VIEWS[0];
}

/** Whether the user's role opens this view (the server refuses its calls otherwise). */
export function canOpenView(user: User | null, id: DashboardView): boolean {
  const view = viewInfo(id);
  return "permission" in view ? can(user, view.permission) : true;
}

export function viewPath(id: DashboardView): string {
  return viewInfo(id).path;
}

/** The address of one lead's (or one service request's) page. */
export function leadPath(view: WorkView, id: string): string {
  return `${viewPath(view)}/${encodeURIComponent(id)}`;
}

/** The address of one person's page (issue 27 §1). */
export function personPath(id: string): string {
  return `${viewPath("people")}/${encodeURIComponent(id)}`;
}

/** The address of the Duplicates list (issue 27 §1, decision 0071), a page of the People view. */
/** One privacy request's page (`/dashboard/privacy/:id`). */
export function privacyRequestPath(id: string): string {
  return `${viewPath("privacy")}/${encodeURIComponent(id)}`;
}

export const DUPLICATES_PATH = `${viewPath("people")}/duplicates`;

/**
 * Where in the dashboard a path points: a view, one lead of a view, one person or the
 * Duplicates list (pages in the People view), or nowhere known.
 */
export type DashboardPlace =
  | { kind: "view"; view: DashboardView }
  | { kind: "lead"; view: WorkView; id: string }
  | { kind: "person"; view: "people"; id: string }
  | { kind: "duplicates"; view: "people" }
  | { kind: "privacy-request"; view: "privacy"; id: string }
  | { kind: "unknown" };

export function dashboardPlace(pathname: string): DashboardPlace {
  const segments = pathname.split("/").filter(Boolean);
  if (segments[0] !== "dashboard") return { kind: "unknown" };
  const [, view, id, ...rest] = segments;
  if (view === undefined) return { kind: "view", view: "overview" };
  if (view === "overview" || !isDashboardView(view) || rest.length > 0) return { kind: "unknown" };
  if (id === undefined) return { kind: "view", view };
  let decoded: string;
  try {
    decoded = decodeURIComponent(id);
  } catch {
    decoded = id;
  }
  if (view === "people") {
    return id === "duplicates"
      ? { kind: "duplicates", view }
      : { kind: "person", view, id: decoded };
  }
  if (view === "privacy") return { kind: "privacy-request", view, id: decoded };
  if (!isWorkView(view)) return { kind: "unknown" };
  return { kind: "lead", view, id: decoded };
}

/** The view the timeline's item types belong to. */
export const TIMELINE_VIEW = {
  quote: "quotes",
  contact: "contacts",
  appointment: "appointments",
  service: "service",
} as const satisfies Record<string, WorkView>;
