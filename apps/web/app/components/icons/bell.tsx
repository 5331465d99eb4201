import { Icon, type IconProps } from "./icon";

export function BellIcon(props: IconProps) {
  return <Icon name="bell" {...props} />;
}
