import { OverviewView } from "../../features/dashboard/overview/overview-view";
import { dashboardMeta } from "../../features/dashboard/route-parts";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Dashboard");

export default function DashboardView() {
  return <OverviewView />;
}
