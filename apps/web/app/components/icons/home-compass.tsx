import { Icon, type IconProps } from "./icon";

export function HomeCompassIcon(props: IconProps) {
  return <Icon name="home-compass" {...props} />;
}
