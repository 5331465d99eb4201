import { Icon, type IconProps } from "./icon";

export function CalendarIcon(props: IconProps) {
  return <Icon name="calendar" {...props} />;
}
