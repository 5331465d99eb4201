import { dashboardMeta } from "../../features/dashboard/route-parts";
import { UsersView } from "../../features/users/index";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("All Users");

export default function DashboardView() {
  return <UsersView />;
}
