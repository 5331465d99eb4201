import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductKeyIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 8.2-8.2M16 7l2 2M14 9l1.5 1.5" />
    </FineIcon>
  );
}
