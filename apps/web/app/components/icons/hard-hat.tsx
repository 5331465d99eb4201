import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function HardHatIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M3 18h18M5 18v-3a7 7 0 0 1 14 0v3" />
      <path d="M10 8V5h4v3" />
    </FineIcon>
  );
}
