import { Icon, type IconProps } from "./icon";

export function DashboardBriefcaseIcon(props: IconProps) {
  return <Icon name="dashboard-briefcase" {...props} />;
}
