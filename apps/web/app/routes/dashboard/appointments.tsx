import { AppointmentsView } from "../../features/appointment-lead/appointments-view";
import { dashboardMeta } from "../../features/dashboard/route-parts";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Appointments");

export default function DashboardView() {
  return <AppointmentsView />;
}
