import { Icon, type IconProps } from "./icon";

export function TrashIcon(props: IconProps) {
  return <Icon name="trash" {...props} />;
}
