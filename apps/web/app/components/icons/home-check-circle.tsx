import { Icon, type IconProps } from "./icon";

export function HomeCheckCircleIcon(props: IconProps) {
  return <Icon name="home-check-circle" {...props} />;
}
