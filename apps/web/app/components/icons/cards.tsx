import { Icon, type IconProps } from "./icon";

export function CardsIcon(props: IconProps) {
  return <Icon name="cards" {...props} />;
}
