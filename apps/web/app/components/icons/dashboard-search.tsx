import { Icon, type IconProps } from "./icon";

export function DashboardSearchIcon(props: IconProps) {
  return <Icon name="dashboard-search" {...props} />;
}
