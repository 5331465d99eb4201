import { Icon, type IconProps } from "./icon";

export function ProductUsersIcon(props: IconProps) {
  return <Icon name="product-users" className="size-6" {...props} />;
}
