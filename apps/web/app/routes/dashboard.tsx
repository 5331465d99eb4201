import { canAccessDashboard } from "@agency/domain";
import { Navigate } from "react-router";
import { PageHeading } from "../components/page-heading";
import { useAuth } from "../features/auth/auth-context";
import { pageMeta } from "../lib/meta";
import { loginPath } from "../lib/site-links";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Dashboard",
    description: "Agency staff dashboard.",
    noIndex: true,
  });

/**
 * Client-rendered (not prerendered; served from the SPA fallback). Spec access rule:
 * signed-out visitors go to the login page, signed-in users without an admin flag go home.
 */
export default function Dashboard() {
  const { user } = useAuth();
  if (user === null) return <Navigate to={loginPath} replace />;
  if (!canAccessDashboard(user)) return <Navigate to="/" replace />;

  return (
    <PageHeading title="Dashboard">
      <p>Review and manage quote requests, contact messages, appointments and staff accounts.</p>
    </PageHeading>
  );
}
