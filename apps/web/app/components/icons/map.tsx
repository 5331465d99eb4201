import { Icon, type IconProps } from "./icon";

export function MapIcon(props: IconProps) {
  return <Icon name="map" className="size-6" {...props} />;
}
