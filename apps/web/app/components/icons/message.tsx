import { Icon, type IconProps } from "./icon";

export function MessageIcon(props: IconProps) {
  return <Icon name="message" {...props} />;
}
