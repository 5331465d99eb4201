import { Icon, type IconProps } from "./icon";

export function HomeBuildingIcon(props: IconProps) {
  return <Icon name="home-building" {...props} />;
}
