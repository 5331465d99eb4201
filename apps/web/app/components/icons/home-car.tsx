import { Icon, type IconProps } from "./icon";

export function HomeCarIcon(props: IconProps) {
  return <Icon name="home-car" {...props} />;
}
