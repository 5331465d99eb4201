import { Icon, type IconProps } from "./icon";

export function BadgeCheckIcon(props: IconProps) {
  return <Icon name="badge-check" {...props} />;
}
