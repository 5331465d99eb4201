import { Icon, type IconProps } from "./icon";

export function LifebuoyIcon(props: IconProps) {
  return <Icon name="lifebuoy" className="size-6" {...props} />;
}
