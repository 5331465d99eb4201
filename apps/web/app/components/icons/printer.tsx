import { Icon, type IconProps } from "./icon";

export function PrinterIcon(props: IconProps) {
  return <Icon name="printer" {...props} />;
}
