import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function LifebuoyIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4" />
      <path d="m5.6 5.6 3.6 3.6M14.8 14.8l3.6 3.6M18.4 5.6l-3.6 3.6M9.2 14.8l-3.6 3.6" />
    </FineIcon>
  );
}
