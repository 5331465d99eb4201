import { Icon, type IconProps } from "./icon";

export function ContactTagIcon(props: IconProps) {
  return <Icon name="contact-tag" className="size-6" {...props} />;
}
