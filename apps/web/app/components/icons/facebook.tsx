import { Icon, type IconProps } from "./icon";

export function FacebookIcon(props: IconProps) {
  return <Icon name="facebook" {...props} />;
}
