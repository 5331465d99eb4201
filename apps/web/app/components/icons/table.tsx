import { Icon, type IconProps } from "./icon";

export function TableIcon(props: IconProps) {
  return <Icon name="table" {...props} />;
}
