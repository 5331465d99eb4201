import { Icon, type IconProps } from "./icon";

export function HomeCheckIcon(props: IconProps) {
  return <Icon name="home-check" {...props} />;
}
