import { Icon, type IconProps } from "./icon";

export function DollarIcon(props: IconProps) {
  return <Icon name="dollar" {...props} />;
}
