import { Icon, type IconProps } from "./icon";

export function HomeHeartIcon(props: IconProps) {
  return <Icon name="home-heart" {...props} />;
}
