import { Icon, type IconProps } from "./icon";

export function HomeLayersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m12 2 10 5-10 5L2 7z" />
      <path d="m2 17 10 5 10-5" />
      <path d="m2 12 10 5 10-5" />
    </Icon>
  );
}
