import { type ComponentType, lazy } from "react";
import type { DashboardView } from "./views";

type ViewModule = { default: ComponentType };

/**
 * Each view is its own chunk, fetched when first opened (the overview does not carry the
 * quotes code, and no public page carries any of it). The All Users view belongs to the
 * users feature.
 */
const importers: Record<DashboardView, () => Promise<ViewModule>> = {
  overview: () => import("./overview/overview-view").then((m) => ({ default: m.OverviewView })),
  contacts: () => import("./contacts/contacts-view").then((m) => ({ default: m.ContactsView })),
  quotes: () => import("./quotes/quotes-view").then((m) => ({ default: m.QuotesView })),
  appointments: () =>
    import("./appointments/appointments-view").then((m) => ({ default: m.AppointmentsView })),
  users: () => import("../users").then((m) => ({ default: m.UsersView })),
  settings: () => import("./settings/settings-view").then((m) => ({ default: m.SettingsView })),
};

/** One import per view, shared by the preload and React.lazy. */
const pending = new Map<DashboardView, Promise<ViewModule>>();
/** Views whose code has arrived: rendered directly, without a Suspense round. */
const loaded = new Map<DashboardView, ComponentType>();

function load(view: DashboardView): Promise<ViewModule> {
  let promise = pending.get(view);
  if (!promise) {
    promise = importers[view]().then((module) => {
      loaded.set(view, module.default);
      return module;
    });
    // A failed import may be retried (the view's boundary offers a reload).
    promise.catch(() => pending.delete(view));
    pending.set(view, promise);
  }
  return promise;
}

const lazyViews = new Map<DashboardView, ComponentType>();

/** The view's component: the loaded one when its code is here, else a lazy one. */
export function viewComponent(view: DashboardView): ComponentType {
  const ready = loaded.get(view);
  if (ready) return ready;
  let component = lazyViews.get(view);
  if (!component) {
    component = lazy(() => load(view));
    lazyViews.set(view, component);
  }
  return component;
}

/** Starts fetching a view's code early (while the session is still being restored). */
export function preloadView(view: DashboardView): void {
  load(view).catch(() => {
    // The view's own boundary reports a failure when it renders.
  });
}
