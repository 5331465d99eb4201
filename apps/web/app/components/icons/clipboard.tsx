import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ClipboardIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
    </FineIcon>
  );
}
