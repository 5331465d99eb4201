import { Icon, type IconProps } from "./icon";

export function ProductHouseIcon(props: IconProps) {
  return <Icon name="product-house" className="size-6" {...props} />;
}
