import { Icon, type IconProps } from "./icon";

export function CheckIcon(props: IconProps) {
  return <Icon name="check" {...props} />;
}
