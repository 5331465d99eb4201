import { AUTH_MESSAGES, type User } from "@agency/domain";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { CloseIcon, MenuIcon } from "../../components/icons";
import { Toast } from "../../components/toast";
import { useLogout } from "../../lib/use-logout";
import { useMediaQuery } from "../../lib/use-media-query";
import {
  DashboardContext,
  type DashboardContextValue,
  type ToastAction,
  type ViewPreset,
} from "./dashboard-context";
import { AddLeadButton } from "./lead-entry/add-lead-button";
import { LoadingState } from "./leads/list-states";
import { Modal } from "./modal";
import { NotificationBell } from "./notification-bell";
import { PersonSearch } from "./person-search";
import { ProspectTimeline } from "./prospect-timeline";
import { Sidebar } from "./sidebar";
import { ViewBoundary } from "./view-boundary";
import { viewComponent } from "./view-loaders";
import { allowedView, type DashboardView, readStoredView, storeView, viewInfo } from "./views";

const TOAST_MS = 6000;
/** The sidebar becomes a drawer below this width (spec: 768 px). */
const WIDE_QUERY = "(min-width: 768px)";

type ToastState = {
  message: string;
  tone: "success" | "error" | "info";
  action?: ToastAction;
} | null;

/** The dashboard frame: sidebar (a drawer on small screens), header and the active view. */
export function DashboardShell({ user }: { user: User }) {
  const { signOut, isSigningOut } = useLogout();
  const isWide = useMediaQuery(WIDE_QUERY);
  // A view the role does not open (remembered from another account) falls back to the overview.
  const [view, setView] = useState<DashboardView>(() => allowedView(user, readStoredView()));
  const [preset, setPreset] = useState<ViewPreset>({});
  const [viewKey, setViewKey] = useState(0);
  const [toast, setToast] = useState<ToastState>(null);
  const [prospect, setProspect] = useState<string | null>(null);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const moveFocus = useRef(false);
  const userRef = useRef(user);
  userRef.current = user;

  useEffect(() => {
    if (isWide) setIsDrawerOpen(false);
  }, [isWide]);

  // After a change of view (not on arrival), focus goes to the new view's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    headingRef.current?.focus();
  }, [view, viewKey]);

  const goTo = useCallback((wanted: DashboardView, nextPreset: ViewPreset = {}) => {
    const next = allowedView(userRef.current, wanted);
    storeView(next);
    moveFocus.current = true;
    setView(next);
    setPreset(nextPreset);
    // A fresh view (and a fresh filter) even when the same view is chosen again.
    setViewKey((key) => key + 1);
    setIsDrawerOpen(false);
  }, []);

  const showToast = useCallback<DashboardContextValue["showToast"]>(
    (message, tone = "success", action) => {
      // The same text twice in a row is announced again: clear first, then set.
      setToast(null);
      window.setTimeout(() => setToast(action ? { message, tone, action } : { message, tone }), 30);
    },
    [],
  );

  const context = useMemo<DashboardContextValue>(
    () => ({ goTo, preset, showToast, openProspect: setProspect }),
    [goTo, preset, showToast],
  );

  /** Ends the session and goes to the login page; a failure keeps the session (spec toast). */
  async function handleLogout() {
    if (!(await signOut())) showToast(AUTH_MESSAGES.logoutFailed, "error");
  }

  const info = viewInfo(view);
  // Chosen once per opening of a view: switching from the lazy to the loaded component
  // later would remount the view and lose what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey marks a fresh opening
  const ActiveView = useMemo(() => viewComponent(view), [view, viewKey]);
  const sidebarProps = {
    user,
    active: view,
    onSelect: goTo,
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
                ref={menuButtonRef}
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
                  <li>
                    {view === "overview" ? (
                      <span aria-current="page">Dashboard</span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => goTo("overview")}
                        className="min-h-6 cursor-pointer rounded-sm underline-offset-2 hover:text-brand-700 hover:underline"
                      >
                        Dashboard
                      </button>
                    )}
                  </li>
                  {view === "overview" ? null : (
                    <li className="flex items-center gap-1">
                      <span aria-hidden="true">/</span>
                      <span aria-current="page" className="font-medium text-slate-900">
                        {info.label}
                      </span>
                    </li>
                  )}
                </ol>
              </nav>
              <h1
                ref={headingRef}
                tabIndex={-1}
                className="truncate text-xl font-bold text-navy-900 focus:outline-none sm:text-2xl"
              >
                {info.title}
              </h1>
            </div>
            <PersonSearch onOpen={setProspect} />
            <AddLeadButton className="ml-auto md:ml-0" />
            <NotificationBell onOpenView={goTo} />
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
            <ViewBoundary key={`${view}-${viewKey}`}>
              <Suspense fallback={<LoadingState label="Loading…" />}>
                <ActiveView />
              </Suspense>
            </ViewBoundary>
          </div>
        </div>
      </div>
      {prospect ? <ProspectTimeline email={prospect} onClose={() => setProspect(null)} /> : null}
    </DashboardContext>
  );
}
