import { Icon, type IconProps } from "./icon";

export function ClockIcon(props: IconProps) {
  return <Icon name="clock" {...props} />;
}
