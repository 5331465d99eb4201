import { Icon, type IconProps } from "./icon";

export function DashboardRefreshIcon(props: IconProps) {
  return <Icon name="dashboard-refresh" {...props} />;
}
