import { Icon, type IconProps } from "./icon";

export function SortIcon(props: IconProps) {
  return <Icon name="sort" {...props} />;
}
