import { Icon, type IconProps } from "./icon";

export function CloseIcon(props: IconProps) {
  return <Icon name="close" {...props} />;
}
