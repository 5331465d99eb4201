import { Icon, type IconProps } from "./icon";

export function ReplyIcon(props: IconProps) {
  return <Icon name="reply" {...props} />;
}
