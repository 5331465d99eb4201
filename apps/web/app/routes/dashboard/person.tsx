import { dashboardMeta } from "../../features/dashboard/route-parts";
import { PersonPage } from "../../features/person";
import type { Route } from "./+types/person";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Person");

export default function DashboardPerson({ params }: Route.ComponentProps) {
  // A fresh page per person: nothing of the previous one stays on screen.
  return <PersonPage key={params.id} id={params.id} />;
}
