import { Icon, type IconProps } from "./icon";

export function ActivityIcon(props: IconProps) {
  return <Icon name="activity" {...props} />;
}
