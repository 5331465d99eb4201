import { Icon, type IconProps } from "./icon";

export function AboutBriefcaseIcon(props: IconProps) {
  return <Icon name="about-briefcase" className="size-6" {...props} />;
}
