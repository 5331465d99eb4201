import { dashboardMeta } from "../../features/dashboard/route-parts";
import { QuotesView } from "../../features/lead/quotes/quotes-view";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Quotes");

export default function DashboardView() {
  return <QuotesView />;
}
