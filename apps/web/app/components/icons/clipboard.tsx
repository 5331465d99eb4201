import { Icon, type IconProps } from "./icon";

export function ClipboardIcon(props: IconProps) {
  return <Icon name="clipboard" className="size-6" {...props} />;
}
