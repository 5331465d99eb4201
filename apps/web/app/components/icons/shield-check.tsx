import { Icon, type IconProps } from "./icon";

export function ShieldCheckIcon(props: IconProps) {
  return <Icon name="shield-check" {...props} />;
}
