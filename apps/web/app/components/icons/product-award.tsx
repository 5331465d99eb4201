import { Icon, type IconProps } from "./icon";

export function ProductAwardIcon(props: IconProps) {
  return <Icon name="product-award" className="size-6" {...props} />;
}
