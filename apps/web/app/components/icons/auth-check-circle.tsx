import { Icon, type IconProps } from "./icon";

export function AuthCheckCircleIcon(props: IconProps) {
  return <Icon name="auth-check-circle" {...props} />;
}
