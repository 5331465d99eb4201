import { Icon, type IconProps } from "./icon";

export function HomeLockIcon(props: IconProps) {
  return <Icon name="home-lock" {...props} />;
}
