import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function MapIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="m3 6 6-2 6 2 6-2v14l-6 2-6-2-6 2V6Z" />
      <path d="M9 4v14M15 6v14" />
    </FineIcon>
  );
}
