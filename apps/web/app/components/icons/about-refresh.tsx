import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function AboutRefreshIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4" />
    </FineIcon>
  );
}
