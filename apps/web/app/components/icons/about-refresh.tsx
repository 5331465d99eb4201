import { Icon, type IconProps } from "./icon";

export function AboutRefreshIcon(props: IconProps) {
  return <Icon name="about-refresh" className="size-6" {...props} />;
}
