import { Icon, type IconProps } from "./icon";

export function ProductKeyIcon(props: IconProps) {
  return <Icon name="product-key" className="size-6" {...props} />;
}
