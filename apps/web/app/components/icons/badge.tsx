import { Icon, type IconProps } from "./icon";

export function BadgeIcon(props: IconProps) {
  return <Icon name="badge" className="size-6" {...props} />;
}
