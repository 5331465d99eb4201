import { Icon, type IconProps } from "./icon";

export function HeadsetIcon(props: IconProps) {
  return <Icon name="headset" {...props} />;
}
