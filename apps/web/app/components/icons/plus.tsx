import { Icon, type IconProps } from "./icon";

export function PlusIcon(props: IconProps) {
  return <Icon name="plus" {...props} />;
}
