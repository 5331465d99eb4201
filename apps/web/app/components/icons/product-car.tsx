import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductCarIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M5 17h14M5 17a2 2 0 1 0 4 0M5 17H3v-4l2-5h14l2 5v4h-2m-10 0h6m0 0a2 2 0 1 0 4 0" />
      <path d="M3 13h18" />
    </FineIcon>
  );
}
