import { Icon, type IconProps } from "./icon";

export function ScaleIcon(props: IconProps) {
  return <Icon name="scale" className="size-6" {...props} />;
}
