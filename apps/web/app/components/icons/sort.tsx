import { Icon, type IconProps } from "./icon";

export function SortIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M7 4v16M3 16l4 4 4-4M17 20V4M13 8l4-4 4 4" />
    </Icon>
  );
}
