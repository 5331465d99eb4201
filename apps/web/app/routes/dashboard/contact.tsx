import { dashboardMeta } from "../../features/dashboard/route-parts";
import { ContactLead } from "../../features/lead/contacts/contact-lead";
import type { Route } from "./+types/contact";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Contact Message");

export default function DashboardLead({ params }: Route.ComponentProps) {
  // A fresh page per lead: nothing of the previous one stays on screen.
  return <ContactLead key={params.id} id={params.id} />;
}
