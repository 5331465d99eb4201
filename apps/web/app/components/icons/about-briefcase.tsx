import { FineIcon } from "./fine-icon";
import type { IconProps } from "./icon";

export function AboutBriefcaseIcon(props: IconProps) {
  return (
    <FineIcon {...props}>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M9 7V5h6v2M3 13h18" />
    </FineIcon>
  );
}
