import { AppointmentLead } from "../../features/appointment-lead/appointment-lead";
import { dashboardMeta } from "../../features/dashboard/route-parts";
import type { Route } from "./+types/appointment";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Appointment");

export default function DashboardLead({ params }: Route.ComponentProps) {
  // A fresh page per lead: nothing of the previous one stays on screen.
  return <AppointmentLead key={params.id} id={params.id} />;
}
