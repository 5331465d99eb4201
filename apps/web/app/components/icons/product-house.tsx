import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductHouseIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="m3 11 9-7 9 7" />
      <path d="M5 10v10h14V10" />
      <path d="M10 20v-6h4v6" />
    </FineIcon>
  );
}
