import { Icon, type IconProps } from "./icon";

export function HomeTagIcon(props: IconProps) {
  return <Icon name="home-tag" {...props} />;
}
