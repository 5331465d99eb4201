import { Icon, type IconProps } from "./icon";

export function InfoIcon(props: IconProps) {
  return <Icon name="info" {...props} />;
}
