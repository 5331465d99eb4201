import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function BoltIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M13 3 5 13h6l-1 8 8-10h-6l1-8Z" />
    </FineIcon>
  );
}
