import { Icon, type IconProps } from "./icon";

export function PhoneIcon(props: IconProps) {
  return <Icon name="phone" {...props} />;
}
