import { Icon, type IconProps } from "./icon";

export function ZapIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 2 3 14h9l-1 8 10-12h-9z" />
    </Icon>
  );
}
