import { Icon, type IconProps } from "./icon";

export function DocumentIcon(props: IconProps) {
  return <Icon name="document" {...props} />;
}
