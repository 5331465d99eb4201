import { Icon, type IconProps } from "./icon";

export function DashboardCarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 17h14v-5l-2-5H7l-2 5v5z" />
      <circle cx="7.5" cy="17.5" r="1.5" />
      <circle cx="16.5" cy="17.5" r="1.5" />
      <path d="M5 12h14" />
    </Icon>
  );
}
