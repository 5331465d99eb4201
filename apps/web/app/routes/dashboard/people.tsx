import { dashboardMeta } from "../../features/dashboard/route-parts";
import { PeopleView } from "../../features/person";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("People");

export default function DashboardView() {
  return <PeopleView />;
}
