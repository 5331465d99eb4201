import { Icon, type IconProps } from "./icon";

export function HeartIcon(props: IconProps) {
  return <Icon name="heart" {...props} />;
}
