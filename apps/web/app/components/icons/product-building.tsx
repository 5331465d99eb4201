import { Icon, type IconProps } from "./icon";

export function ProductBuildingIcon(props: IconProps) {
  return <Icon name="product-building" className="size-6" {...props} />;
}
