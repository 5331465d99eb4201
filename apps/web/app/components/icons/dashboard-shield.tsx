import { Icon, type IconProps } from "./icon";

export function DashboardShieldIcon(props: IconProps) {
  return <Icon name="dashboard-shield" {...props} />;
}
