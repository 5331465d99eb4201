import { dashboardMeta } from "../../features/dashboard/route-parts";
import { PrivacyRequestsView } from "../../features/privacy-request";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Privacy Requests");

export default function DashboardPrivacy() {
  return <PrivacyRequestsView />;
}
