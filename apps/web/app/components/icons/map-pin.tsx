import { Icon, type IconProps } from "./icon";

export function MapPinIcon(props: IconProps) {
  return <Icon name="map-pin" {...props} />;
}
