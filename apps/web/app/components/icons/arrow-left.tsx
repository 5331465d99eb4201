import { Icon, type IconProps } from "./icon";

export function ArrowLeftIcon(props: IconProps) {
  return <Icon name="arrow-left" {...props} />;
}
