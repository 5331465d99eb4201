import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ScaleIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0L5 7ZM19 7l-3 7a3 3 0 0 0 6 0l-3-7Z" />
    </FineIcon>
  );
}
