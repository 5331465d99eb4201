import { Icon, type IconProps } from "./icon";

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20s-7.5-4.6-9-9.5C2 7 4.5 4.5 7.2 4.5c2 0 3.4 1.1 4.8 2.9 1.4-1.8 2.8-2.9 4.8-2.9C19.5 4.5 22 7 21 10.5 19.5 15.4 12 20 12 20Z" />
    </Icon>
  );
}
