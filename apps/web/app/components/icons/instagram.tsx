import { Icon, type IconProps } from "./icon";

export function InstagramIcon(props: IconProps) {
  return <Icon name="instagram" {...props} />;
}
