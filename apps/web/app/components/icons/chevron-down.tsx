import { Icon, type IconProps } from "./icon";

export function ChevronDownIcon(props: IconProps) {
  return <Icon name="chevron-down" {...props} />;
}
