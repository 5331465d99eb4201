import { Link } from "react-router";
import { DASHBOARD_VIEWS } from "../../lib/dashboard-views";
import { EmptyState } from "../lead";

/** An address under /dashboard that names no view: said inside the dashboard, with the way on. */
export function DashboardNotFound() {
  return (
    <EmptyState title="This dashboard page does not exist">
      <p>The address may be mistyped or cut off. Choose where to go:</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-x-4 gap-y-2">
        {DASHBOARD_VIEWS.map((view) => (
          <li key={view.id}>
            <Link
              to={view.path}
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              {view.label}
            </Link>
          </li>
        ))}
      </ul>
    </EmptyState>
  );
}
