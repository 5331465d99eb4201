import { Icon, type IconProps } from "./icon";

export function ExternalIcon(props: IconProps) {
  return <Icon name="external" {...props} />;
}
