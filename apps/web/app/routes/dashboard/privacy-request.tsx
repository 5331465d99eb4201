import { dashboardMeta } from "../../features/dashboard/route-parts";
import { PrivacyRequestPage } from "../../features/privacy-desk";
import type { Route } from "./+types/privacy-request";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Privacy Request");

export default function DashboardPrivacyRequest({ params }: Route.ComponentProps) {
  // A fresh page per request: nothing of the previous one stays on screen.
  return <PrivacyRequestPage key={params.id} id={params.id} />;
}
