import { Icon, type IconProps } from "./icon";

export function UserIcon(props: IconProps) {
  return <Icon name="user" {...props} />;
}
