import { Icon, type IconProps } from "./icon";

export function HomeMotorcycleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="5" cy="16" r="3" />
      <circle cx="19" cy="16" r="3" />
      <path d="M5 16h5l3-5h4l2 5" />
      <path d="m13 11-2-4H8" />
      <path d="M16 7h2l1 4" />
    </Icon>
  );
}
