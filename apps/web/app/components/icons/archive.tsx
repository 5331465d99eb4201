import { Icon, type IconProps } from "./icon";

export function ArchiveIcon(props: IconProps) {
  return <Icon name="archive" {...props} />;
}
