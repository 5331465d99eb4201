import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductLockIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14v3" />
    </FineIcon>
  );
}
