import { Icon, type IconProps } from "./icon";

export function AuthEyeIcon(props: IconProps) {
  return <Icon name="auth-eye" {...props} />;
}
