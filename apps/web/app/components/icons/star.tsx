import { Icon, type IconProps } from "./icon";

export function StarIcon(props: IconProps) {
  return <Icon name="star" {...props} />;
}
