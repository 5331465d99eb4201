import { Icon, type IconProps } from "./icon";

export function DashboardKeyIcon(props: IconProps) {
  return <Icon name="dashboard-key" {...props} />;
}
