import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductShieldIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5 7.5-9.5V6L12 3Z" />
      <path d="m9 12 2 2 4-4" />
    </FineIcon>
  );
}
