import { Icon, type IconProps } from "./icon";

export function UserPlusIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M15 20v-1.5a4.5 4.5 0 0 0-4.5-4.5h-3A4.5 4.5 0 0 0 3 18.5V20" />
      <circle cx="9" cy="7.5" r="3.5" />
      <path d="M19 8v6" />
      <path d="M22 11h-6" />
    </Icon>
  );
}
