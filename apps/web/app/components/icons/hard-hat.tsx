import { Icon, type IconProps } from "./icon";

export function HardHatIcon(props: IconProps) {
  return <Icon name="hard-hat" className="size-6" {...props} />;
}
