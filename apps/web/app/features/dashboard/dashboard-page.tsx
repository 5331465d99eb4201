import { canAccessDashboard } from "@agency/domain";
import { Navigate } from "react-router";
import { useAuth } from "../../lib/auth";
import { loginPath } from "../../lib/site-links";
import { DashboardShell } from "./dashboard-shell";
import { LoadingState } from "./leads/list-states";
import { preloadView } from "./view-loaders";
import { readStoredView } from "./views";

// The remembered view's code starts loading as soon as this route's code runs, in parallel
// with hydration and the session restore (this route is client-rendered only).
if (typeof window !== "undefined") preloadView(readStoredView());

/**
 * The spec's access rule: wait while the session is restored, then signed-out visitors go
 * to the login page and signed-in users without an admin flag go home.
 */
export function DashboardPage() {
  const { status, user } = useAuth();

  if (status === "restoring") {
    return (
      <div className="mx-auto max-w-md p-8">
        <LoadingState label="Loading dashboard…" />
      </div>
    );
  }
  if (status !== "signed-in" || user === null) return <Navigate to={loginPath} replace />;
  if (!canAccessDashboard(user)) return <Navigate to="/" replace />;
  return <DashboardShell user={user} />;
}
