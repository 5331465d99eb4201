import { Icon, type IconProps } from "./icon";

export function ChatIcon(props: IconProps) {
  return <Icon name="chat" className="size-6" {...props} />;
}
