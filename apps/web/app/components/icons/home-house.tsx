import { Icon, type IconProps } from "./icon";

export function HomeHouseIcon(props: IconProps) {
  return <Icon name="home-house" {...props} />;
}
