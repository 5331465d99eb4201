import { Icon, type IconProps } from "./icon";

export function RvIcon(props: IconProps) {
  return <Icon name="rv" {...props} />;
}
