import { Icon, type IconProps } from "./icon";

export function DashboardHouseIcon(props: IconProps) {
  return <Icon name="dashboard-house" {...props} />;
}
