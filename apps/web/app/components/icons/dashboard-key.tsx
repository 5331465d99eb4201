import { Icon, type IconProps } from "./icon";

export function DashboardKeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.3-9.3M16 7l3 3M19 4l2 2" />
    </Icon>
  );
}
