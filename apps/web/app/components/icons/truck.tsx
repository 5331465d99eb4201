import { Icon, type IconProps } from "./icon";

export function TruckIcon(props: IconProps) {
  return <Icon name="truck" {...props} />;
}
