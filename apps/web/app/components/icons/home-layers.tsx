import { Icon, type IconProps } from "./icon";

export function HomeLayersIcon(props: IconProps) {
  return <Icon name="home-layers" {...props} />;
}
