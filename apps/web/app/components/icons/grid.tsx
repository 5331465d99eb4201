import { Icon, type IconProps } from "./icon";

export function GridIcon(props: IconProps) {
  return <Icon name="grid" {...props} />;
}
