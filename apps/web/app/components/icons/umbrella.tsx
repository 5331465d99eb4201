import { Icon, type IconProps } from "./icon";

export function UmbrellaIcon(props: IconProps) {
  return <Icon name="umbrella" className="size-6" {...props} />;
}
