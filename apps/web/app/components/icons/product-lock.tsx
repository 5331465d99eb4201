import { Icon, type IconProps } from "./icon";

export function ProductLockIcon(props: IconProps) {
  return <Icon name="product-lock" className="size-6" {...props} />;
}
