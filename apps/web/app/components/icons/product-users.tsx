import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductUsersIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
    </FineIcon>
  );
}
