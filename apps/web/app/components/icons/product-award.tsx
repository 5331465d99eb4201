import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductAwardIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <circle cx="12" cy="9" r="6" />
      <path d="m8.5 14-1.5 7 5-3 5 3-1.5-7" />
    </FineIcon>
  );
}
