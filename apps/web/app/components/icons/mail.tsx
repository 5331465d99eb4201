import { Icon, type IconProps } from "./icon";

export function MailIcon(props: IconProps) {
  return <Icon name="mail" {...props} />;
}
