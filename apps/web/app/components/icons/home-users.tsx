import { Icon, type IconProps } from "./icon";

export function HomeUsersIcon(props: IconProps) {
  return <Icon name="home-users" {...props} />;
}
