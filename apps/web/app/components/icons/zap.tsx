import { Icon, type IconProps } from "./icon";

export function ZapIcon(props: IconProps) {
  return <Icon name="zap" {...props} />;
}
