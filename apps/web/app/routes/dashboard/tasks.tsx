import { dashboardMeta } from "../../features/dashboard/route-parts";
import { TasksView } from "../../features/task";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Tasks");

export default function DashboardView() {
  return <TasksView />;
}
