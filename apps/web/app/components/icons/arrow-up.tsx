import { Icon, type IconProps } from "./icon";

export function ArrowUpIcon(props: IconProps) {
  return <Icon name="arrow-up" {...props} />;
}
