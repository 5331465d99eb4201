import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ChatIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M4 5h16v11H9l-5 4V5Z" />
      <path d="M8 9h8M8 12h5" />
    </FineIcon>
  );
}
