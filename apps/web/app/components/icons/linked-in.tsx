import { Icon, type IconProps } from "./icon";

export function LinkedInIcon(props: IconProps) {
  return <Icon name="linked-in" {...props} />;
}
