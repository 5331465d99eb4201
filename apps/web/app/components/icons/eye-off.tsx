import { Icon, type IconProps } from "./icon";

export function EyeOffIcon(props: IconProps) {
  return <Icon name="eye-off" {...props} />;
}
