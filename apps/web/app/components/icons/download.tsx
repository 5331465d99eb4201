import { Icon, type IconProps } from "./icon";

export function DownloadIcon(props: IconProps) {
  return <Icon name="download" {...props} />;
}
