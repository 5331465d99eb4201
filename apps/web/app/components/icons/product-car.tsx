import { Icon, type IconProps } from "./icon";

export function ProductCarIcon(props: IconProps) {
  return <Icon name="product-car" className="size-6" {...props} />;
}
