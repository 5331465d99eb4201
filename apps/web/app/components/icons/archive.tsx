import { Icon, type IconProps } from "./icon";

export function ArchiveIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 4h18v4H3zM5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8M10 12h4" />
    </Icon>
  );
}
