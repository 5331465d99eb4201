import { Icon, type IconProps } from "./icon";

export function ProductMotorcycleIcon(props: IconProps) {
  return <Icon name="product-motorcycle" className="size-6" {...props} />;
}
