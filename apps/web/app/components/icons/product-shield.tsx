import { Icon, type IconProps } from "./icon";

export function ProductShieldIcon(props: IconProps) {
  return <Icon name="product-shield" className="size-6" {...props} />;
}
