import { dashboardMeta } from "../../features/dashboard/route-parts";
import { DuplicatesView } from "../../features/person";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Possible duplicates");

export default function DashboardDuplicates() {
  return <DuplicatesView />;
}
