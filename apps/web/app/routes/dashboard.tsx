// First: configures zod before the domain builds its schemas (strict CSP, no eval).
import { DashboardPage } from "../features/dashboard/dashboard-page";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Dashboard",
    description: "Agency staff dashboard.",
    noIndex: true,
  });

/** Client-rendered (not prerendered; served from the SPA fallback). */
export default function Dashboard() {
  return <DashboardPage />;
}
