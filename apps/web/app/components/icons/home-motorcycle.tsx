import { Icon, type IconProps } from "./icon";

export function HomeMotorcycleIcon(props: IconProps) {
  return <Icon name="home-motorcycle" {...props} />;
}
