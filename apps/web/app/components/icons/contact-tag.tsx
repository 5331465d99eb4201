import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ContactTagIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M3 12V4h8l10 10-8 8L3 12Z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </FineIcon>
  );
}
