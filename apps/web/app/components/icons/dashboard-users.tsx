import { Icon, type IconProps } from "./icon";

export function DashboardUsersIcon(props: IconProps) {
  return <Icon name="dashboard-users" {...props} />;
}
