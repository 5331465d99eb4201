import { ContactsView } from "../../features/dashboard/contacts/contacts-view";
import { dashboardMeta } from "../../features/dashboard/route-parts";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Contacts");

export default function DashboardView() {
  return <ContactsView />;
}
