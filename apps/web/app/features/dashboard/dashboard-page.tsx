import { canAccessDashboard } from "@agency/domain";
import { useEffect } from "react";
import { Navigate, useLocation } from "react-router";
import { useAuth } from "../../lib/auth";
import { loginPathReturningTo } from "../../lib/return-to";
import { LoadingState } from "../lead";
import { DashboardShell } from "./dashboard-shell";

/** Kept by earlier versions to reopen the last view; the address says where to go now. */
const RETIRED_VIEW_STORAGE_KEY = "dashboardActiveView";

/**
 * The spec's access rule: wait while the session is restored, then signed-out visitors go
 * to the login page (which brings them back to this address) and signed-in users without
 * staff access go home.
 */
export function DashboardPage() {
  const { status, user } = useAuth();
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    try {
      window.localStorage.removeItem(RETIRED_VIEW_STORAGE_KEY);
    } catch {
      // Storage may be unavailable; nothing to tidy then.
    }
  }, []);

  if (status === "restoring") {
    return (
      <div className="mx-auto max-w-md p-8">
        <LoadingState label="Loading dashboard…" />
      </div>
    );
  }
  if (status !== "signed-in" || user === null) {
    return <Navigate to={loginPathReturningTo(`${pathname}${search}${hash}`)} replace />;
  }
  if (!canAccessDashboard(user)) return <Navigate to="/" replace />;
  return <DashboardShell user={user} />;
}
