import { QuotesView } from "../../features/dashboard/quotes/quotes-view";
import { dashboardMeta } from "../../features/dashboard/route-parts";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Quotes");

export default function DashboardView() {
  return <QuotesView />;
}
