import { dashboardMeta } from "../../features/dashboard/route-parts";
import { RenewalsView } from "../../features/policy";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Renewals");

export default function DashboardView() {
  return <RenewalsView />;
}
