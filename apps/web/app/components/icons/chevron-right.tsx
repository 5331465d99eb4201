import { Icon, type IconProps } from "./icon";

export function ChevronRightIcon(props: IconProps) {
  return <Icon name="chevron-right" {...props} />;
}
