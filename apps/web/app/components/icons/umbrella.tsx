import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function UmbrellaIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M3 12a9 9 0 0 1 18 0H3Z" />
      <path d="M12 12v7a2 2 0 0 0 4 0" />
    </FineIcon>
  );
}
