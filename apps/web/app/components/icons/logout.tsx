import { Icon, type IconProps } from "./icon";

export function LogoutIcon(props: IconProps) {
  return <Icon name="logout" {...props} />;
}
