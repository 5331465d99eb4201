import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductBuildingIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <path d="M4 21V5l8-2v18M12 21h8V9l-8-2" />
      <path d="M7 8h2M7 12h2M7 16h2M15 12h2M15 16h2M2 21h20" />
    </FineIcon>
  );
}
