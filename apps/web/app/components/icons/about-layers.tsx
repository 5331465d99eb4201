import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function AboutLayersIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="m12 3 9 5-9 5-9-5 9-5Z" />
      <path d="m3 13 9 5 9-5" />
    </FineIcon>
  );
}
