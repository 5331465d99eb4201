import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function AboutCompassIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
    </FineIcon>
  );
}
