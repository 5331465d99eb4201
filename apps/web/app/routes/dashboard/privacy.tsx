import { dashboardMeta } from "../../features/dashboard/route-parts";
import { PrivacyRequestsView } from "../../features/privacy-desk";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Privacy Requests");

export default function DashboardPrivacy() {
  return <PrivacyRequestsView />;
}
