import { dashboardMeta } from "../../features/dashboard/route-parts";
import { SettingsView } from "../../features/settings/settings-view";

export { DashboardViewError as ErrorBoundary } from "../../features/dashboard/route-parts";

export const meta = () => dashboardMeta("Settings");

export default function DashboardView() {
  return <SettingsView />;
}
