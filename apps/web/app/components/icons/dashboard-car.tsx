import { Icon, type IconProps } from "./icon";

export function DashboardCarIcon(props: IconProps) {
  return <Icon name="dashboard-car" {...props} />;
}
