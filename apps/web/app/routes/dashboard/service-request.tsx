import { dashboardMeta } from "../../features/dashboard/route-parts";
import { ServiceRequestPage } from "../../features/service";
import type { Route } from "./+types/service-request";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Service Request");

export default function DashboardServiceRequest({ params }: Route.ComponentProps) {
  // A fresh page per request: nothing of the previous one stays on screen.
  return <ServiceRequestPage key={params.id} id={params.id} />;
}
