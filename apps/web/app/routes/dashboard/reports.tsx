import { dashboardMeta } from "../../features/dashboard/route-parts";
import { ReportsView } from "../../features/report";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Reports");

export default function DashboardView() {
  return <ReportsView />;
}
