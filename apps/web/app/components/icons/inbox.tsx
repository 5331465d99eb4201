import { Icon, type IconProps } from "./icon";

export function InboxIcon(props: IconProps) {
  return <Icon name="inbox" {...props} />;
}
