import { Icon, type IconProps } from "./icon";

export function ArrowRightIcon(props: IconProps) {
  return <Icon name="arrow-right" {...props} />;
}
