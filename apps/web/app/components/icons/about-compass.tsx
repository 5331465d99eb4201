import { Icon, type IconProps } from "./icon";

export function AboutCompassIcon(props: IconProps) {
  return <Icon name="about-compass" className="size-6" {...props} />;
}
