import { Icon, type IconProps } from "./icon";

export function AboutLayersIcon(props: IconProps) {
  return <Icon name="about-layers" className="size-6" {...props} />;
}
