import { Icon, type IconProps } from "./icon";

export function HomeAwardIcon(props: IconProps) {
  return <Icon name="home-award" {...props} />;
}
