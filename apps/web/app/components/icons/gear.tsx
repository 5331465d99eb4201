import { Icon, type IconProps } from "./icon";

export function GearIcon(props: IconProps) {
  return <Icon name="gear" {...props} />;
}
