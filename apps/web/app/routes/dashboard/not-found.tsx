import { DashboardNotFound } from "../../features/dashboard/not-found-view";
import { dashboardMeta } from "../../features/dashboard/route-parts";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Not Found");

export default function DashboardView() {
  return <DashboardNotFound />;
}
