import { dashboardMeta } from "../../features/dashboard/route-parts";
import { ContactsView } from "../../features/lead/contacts/contacts-view";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Contacts");

export default function DashboardView() {
  return <ContactsView />;
}
