import { Icon, type IconProps } from "./icon";

export function BadgeCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.9 8.6a4 4 0 0 1 4.7-4.7 4 4 0 0 1 6.8 0 4 4 0 0 1 4.7 4.7 4 4 0 0 1 0 6.8 4 4 0 0 1-4.7 4.7 4 4 0 0 1-6.8 0 4 4 0 0 1-4.7-4.7 4 4 0 0 1 0-6.8z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}
