import { dashboardMeta } from "../../features/dashboard/route-parts";
import { ServiceView } from "../../features/service";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Service Requests");

export default function DashboardView() {
  return <ServiceView />;
}
