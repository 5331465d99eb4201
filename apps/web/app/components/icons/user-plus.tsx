import { Icon, type IconProps } from "./icon";

export function UserPlusIcon(props: IconProps) {
  return <Icon name="user-plus" {...props} />;
}
