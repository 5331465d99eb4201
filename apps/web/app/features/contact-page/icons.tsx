import type { SVGProps } from "react";
import { Icon as BaseIcon, type IconProps } from "../../components/icons";

/** Icons for the contact page (inline SVG, decorative: the text beside each carries the meaning). */

/** This page's icons are larger and drawn with a finer line. */
function Icon({ className = "size-6", ...props }: SVGProps<SVGSVGElement>) {
  return <BaseIcon className={className} strokeWidth={1.8} {...props} />;
}

export function TagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 12V4h8l10 10-8 8L3 12Z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </Icon>
  );
}

export function BoltIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 3 5 13h6l-1 8 8-10h-6l1-8Z" />
    </Icon>
  );
}

export function MapIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m3 6 6-2 6 2 6-2v14l-6 2-6-2-6 2V6Z" />
      <path d="M9 4v14M15 6v14" />
    </Icon>
  );
}

export { HeartIcon } from "../../components/icons";
