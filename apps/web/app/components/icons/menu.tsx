import { Icon, type IconProps } from "./icon";

export function MenuIcon(props: IconProps) {
  return <Icon name="menu" {...props} />;
}
