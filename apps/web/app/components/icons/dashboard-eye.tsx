import { Icon, type IconProps } from "./icon";

export function DashboardEyeIcon(props: IconProps) {
  return <Icon name="dashboard-eye" {...props} />;
}
