import { isRouteErrorResponse, useRouteError } from "react-router";
import { pageMeta } from "../../lib/meta";

/** A dashboard page's `meta`: its title, kept out of search results like the whole dashboard. */
export function dashboardMeta(title: string) {
  return pageMeta({
    title: title === "Dashboard" ? title : `${title} · Dashboard`,
    description: "Agency staff dashboard.",
    noIndex: true,
  });
}

/**
 * The error boundary of every dashboard page: a view that failed (its code did not load
 * after a new deploy, a dropped connection) says so inside the dashboard, whose sidebar
 * and header stay usable.
 */
export function DashboardViewError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-950">
      <p className="font-semibold">
        {isNotFound ? "This page does not exist." : "This view could not be loaded."}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-3 min-h-11 cursor-pointer rounded-md bg-white px-4 font-semibold text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
      >
        Reload the page
      </button>
    </div>
  );
}
