import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function BadgeIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="11" r="2.5" />
      <path d="M5.5 17a3.5 3.5 0 0 1 7 0M15 10h3M15 13h3" />
    </FineIcon>
  );
}
