import { Icon, type IconProps } from "./icon";

export function StarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1z" />
    </Icon>
  );
}
