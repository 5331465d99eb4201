import { Icon, type IconProps } from "./icon";

export function UsersSearchIcon(props: IconProps) {
  return <Icon name="users-search" {...props} />;
}
