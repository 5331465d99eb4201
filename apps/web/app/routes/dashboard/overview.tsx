import { dashboardMeta } from "../../features/dashboard/route-parts";
import { OverviewView } from "../../features/overview/overview-view";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Dashboard");

export default function DashboardView() {
  return <OverviewView />;
}
