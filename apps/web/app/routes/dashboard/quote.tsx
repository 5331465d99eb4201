import { dashboardMeta } from "../../features/dashboard/route-parts";
import { QuoteLead } from "../../features/lead/quotes/quote-lead";
import type { Route } from "./+types/quote";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Quote Request");

export default function DashboardLead({ params }: Route.ComponentProps) {
  // A fresh page per lead: nothing of the previous one stays on screen.
  return <QuoteLead key={params.id} id={params.id} />;
}
