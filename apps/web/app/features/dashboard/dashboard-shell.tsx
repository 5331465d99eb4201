import { AUTH_MESSAGES, type User } from "@agency/domain";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "../../components/icons/index";
import { Modal } from "../../components/modal";
import { Toast } from "../../components/toast";
import {
  DashboardContext,
  type DashboardContextValue,
  type ToastAction,
} from "../../lib/dashboard-context";
import {
  canOpenView,
  type DashboardPlace,
  dashboardPlace,
  viewInfo,
  WORK_VIEWS,
} from "../../lib/dashboard-views";
import { useLogout } from "../../lib/use-logout";
import { useMediaQuery } from "../../lib/use-media-query";
import { ProspectTimeline } from "../lead";
import { AddLeadButton } from "../lead-entry";
import { NotificationBell } from "./notification-bell";
import { PersonSearch } from "./person-search";
import { Sidebar } from "./sidebar";
import { useNewLeadWatch } from "./use-new-lead-watch";

const TOAST_MS = 6000;
/** The sidebar becomes a drawer below this width (spec: 768 px). */
const WIDE_QUERY = "(min-width: 768px)";

type ToastState = {
  message: string;
  tone: "success" | "error" | "info";
  action?: ToastAction;
} | null;

/** The trail above the heading and the heading itself, for where the address points. */
function headingOf(place: DashboardPlace): {
  crumbs: { label: string; to: string }[];
  current: string | null;
  title: string;
} {
  const home = { label: "Dashboard", to: "/dashboard" };
  if (place.kind === "unknown") return { crumbs: [home], current: "Not found", title: "Not Found" };
  if (place.kind === "lead") {
    const view = viewInfo(place.view);
    const title = WORK_VIEWS[place.view].title;
    return { crumbs: [home, { label: view.label, to: view.path }], current: title, title };
  }
  if (place.kind === "duplicates") {
    const view = viewInfo(place.view);
    return {
      crumbs: [home, { label: view.label, to: view.path }],
      current: "Possible duplicates",
      title: "Possible duplicates",
    };
  }
  if (place.kind === "privacy-request") {
    const view = viewInfo(place.view);
    return {
      crumbs: [home, { label: view.label, to: view.path }],
      current: "Privacy Request",
      title: "Privacy Request",
    };
  }
  if (place.kind === "person") {
    const view = viewInfo(place.view);
    return {
      crumbs: [home, { label: view.label, to: view.path }],
      current: "Person",
      title: "Person",
    };
  }
  const view = viewInfo(place.view);
  if (place.view === "overview") return { crumbs: [], current: "Dashboard", title: view.title };
  return { crumbs: [home], current: view.label, title: view.title };
}

/**
 * The dashboard frame: sidebar (a drawer on small screens), header, and the view or lead
 * page the address names (the child route, in the outlet).
 */
export function DashboardShell({ user }: { user: User }) {
  const { signOut, isSigningOut } = useLogout();
  const isWide = useMediaQuery(WIDE_QUERY);
  const { pathname } = useLocation();
  const place = dashboardPlace(pathname);
  const [toast, setToast] = useState<ToastState>(null);
  const [prospect, setProspect] = useState<string | null>(null);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  useNewLeadWatch();

  useEffect(() => {
    if (isWide) setIsDrawerOpen(false);
  }, [isWide]);

  // A link chosen in the drawer (or Back) moves to another page: the drawer closes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    setIsDrawerOpen(false);
    setProspect(null);
  }, [pathname]);

  const showToast = useCallback<DashboardContextValue["showToast"]>(
    (message, tone = "success", action) => {
      // The same text twice in a row is announced again: clear first, then set.
      setToast(null);
      window.setTimeout(() => setToast(action ? { message, tone, action } : { message, tone }), 30);
    },
    [],
  );

  const context = useMemo<DashboardContextValue>(
    () => ({ showToast, openProspect: setProspect }),
    [showToast],
  );

  /** Ends the session and goes to the login page; a failure keeps the session (spec toast). */
  async function handleLogout() {
    if (!(await signOut())) showToast(AUTH_MESSAGES.logoutFailed, "error");
  }

  const heading = headingOf(place);
  const sidebarProps = {
    user,
    place,
    onLogout: () => void handleLogout(),
    isLoggingOut: isSigningOut,
  };

  return (
    <DashboardContext value={context}>
      <div className="flex bg-slate-50">
        {isWide ? (
          // The column is as tall as the view; the sidebar in it stays in view while scrolling.
          <div className="w-64 shrink-0 bg-navy-900">
            <aside
              aria-label="Dashboard sidebar"
              className="sticky top-16 h-[calc(100dvh-4rem)] overflow-y-auto nav:top-20 nav:h-[calc(100dvh-5rem)]"
            >
              <Sidebar {...sidebarProps} />
            </aside>
          </div>
        ) : null}
        {!isWide && isDrawerOpen ? (
          <Modal
            labelledBy="dashboard-drawer-title"
            placement="left"
            onClose={() => setIsDrawerOpen(false)}
          >
            <h2 id="dashboard-drawer-title" className="sr-only">
              Dashboard menu
            </h2>
            <Sidebar
              {...sidebarProps}
              // Closed first, so focus returns to Menu before it moves to the new page.
              onNavigate={() => setIsDrawerOpen(false)}
              closeButton={
                <button
                  type="button"
                  onClick={() => setIsDrawerOpen(false)}
                  aria-label="Close menu"
                  className="flex size-11 cursor-pointer items-center justify-center rounded-md text-white hover:bg-white/10"
                >
                  <CloseIcon className="size-6" />
                </button>
              }
            />
          </Modal>
        ) : null}

        <div className="min-w-0 flex-1">
          {/* Below 768 px the title and the search take rows of their own under the actions. */}
          <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 md:flex-nowrap md:px-6">
            {isWide ? null : (
              <button
                type="button"
                onClick={() => setIsDrawerOpen(true)}
                aria-expanded={isDrawerOpen}
                aria-haspopup="dialog"
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
              >
                <MenuIcon className="size-5" />
                <span className="sr-only">Dashboard </span>Menu
              </button>
            )}
            <div className="order-last min-w-0 flex-1 basis-full md:order-none md:basis-0">
              <nav aria-label="Breadcrumb">
                <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-700">
                  {heading.crumbs.map((crumb, index) => (
                    <li key={crumb.to} className="flex items-center gap-1">
                      {index > 0 ? <span aria-hidden="true">/</span> : null}
                      <Link
                        to={crumb.to}
                        className="min-h-6 rounded-sm underline-offset-2 hover:text-brand-700 hover:underline"
                      >
                        {crumb.label}
                      </Link>
                    </li>
                  ))}
                  {heading.current ? (
                    <li className="flex items-center gap-1">
                      {heading.crumbs.length > 0 ? <span aria-hidden="true">/</span> : null}
                      <span
                        aria-current="page"
                        className={heading.crumbs.length > 0 ? "font-medium text-slate-900" : ""}
                      >
                        {heading.current}
                      </span>
                    </li>
                  ) : null}
                </ol>
              </nav>
              {/* After a change of page, focus comes here (RouteAnnouncer's route focus). */}
              <h1
                tabIndex={-1}
                data-route-focus=""
                className="truncate text-xl font-bold text-navy-900 focus:outline-none sm:text-2xl"
              >
                {heading.title}
              </h1>
            </div>
            <PersonSearch onOpen={setProspect} />
            <AddLeadButton className="ml-auto md:ml-0" />
            <NotificationBell />
          </div>
          {/* Right after the header in reading order: Undo is a few Tabs from the list. */}
          <Toast
            message={toast?.message ?? null}
            tone={toast?.tone ?? "success"}
            durationMs={TOAST_MS}
            onClose={() => setToast(null)}
            placement="bottom"
            {...(toast?.action ? { action: toast.action } : {})}
          />

          {/* Long names and unbroken text wrap instead of widening the page (375 px). */}
          <div className="p-4 wrap-break-word md:p-6">
            {(place.kind === "view" || place.kind === "privacy-request") &&
            !canOpenView(user, place.view) ? (
              // A view this role does not open (the server refuses its calls): the overview.
              <Navigate to="/dashboard" replace />
            ) : (
              <Outlet />
            )}
          </div>
        </div>
      </div>
      {prospect ? <ProspectTimeline email={prospect} onClose={() => setProspect(null)} /> : null}
    </DashboardContext>
  );
}
