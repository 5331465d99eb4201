import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function ProductMotorcycleIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <circle cx="5.5" cy="16.5" r="3" />
      <circle cx="18.5" cy="16.5" r="3" />
      <path d="M8.5 16.5h5l3-6h-4l-2 3H5.5M15 6h2.5l1 4.5" />
    </FineIcon>
  );
}
