import { Icon, type IconProps } from "./icon";

export function BoltIcon(props: IconProps) {
  return <Icon name="bolt" className="size-6" {...props} />;
}
