import type { SVGProps } from "react";
import { Icon as BaseIcon, type IconProps } from "../../components/icons";

/**
 * Icons for the products page (inline SVG: the CSP forbids remote images and icon fonts).
 * Decorative: the text beside each icon carries the meaning.
 */

/** This page's icons are larger and drawn with a finer line. */
function Icon({ className = "size-6", ...props }: SVGProps<SVGSVGElement>) {
  return <BaseIcon className={className} strokeWidth={1.8} {...props} />;
}

export function CarIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 17h14M5 17a2 2 0 1 0 4 0M5 17H3v-4l2-5h14l2 5v4h-2m-10 0h6m0 0a2 2 0 1 0 4 0" />
      <path d="M3 13h18" />
    </Icon>
  );
}

export function HouseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m3 11 9-7 9 7" />
      <path d="M5 10v10h14V10" />
      <path d="M10 20v-6h4v6" />
    </Icon>
  );
}

export function BuildingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 21V5l8-2v18M12 21h8V9l-8-2" />
      <path d="M7 8h2M7 12h2M7 16h2M15 12h2M15 16h2M2 21h20" />
    </Icon>
  );
}

export function MotorcycleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="5.5" cy="16.5" r="3" />
      <circle cx="18.5" cy="16.5" r="3" />
      <path d="M8.5 16.5h5l3-6h-4l-2 3H5.5M15 6h2.5l1 4.5" />
    </Icon>
  );
}

export function HardHatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 18h18M5 18v-3a7 7 0 0 1 14 0v3" />
      <path d="M10 8V5h4v3" />
    </Icon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="10" width="16" height="11" rx="2" />
      <path d="M8 10V7a4 4 0 0 1 8 0v3M12 14v3" />
    </Icon>
  );
}

export function KeyIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="8" cy="15" r="4" />
      <path d="m10.8 12.2 8.2-8.2M16 7l2 2M14 9l1.5 1.5" />
    </Icon>
  );
}

export function UmbrellaIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 12a9 9 0 0 1 18 0H3Z" />
      <path d="M12 12v7a2 2 0 0 0 4 0" />
    </Icon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.5 3.2 8.2 7.5 9.5 4.3-1.3 7.5-5 7.5-9.5V6L12 3Z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

export function AwardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="9" r="6" />
      <path d="m8.5 14-1.5 7 5-3 5 3-1.5-7" />
    </Icon>
  );
}

export function ScaleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0L5 7ZM19 7l-3 7a3 3 0 0 0 6 0l-3-7Z" />
    </Icon>
  );
}

export function UsersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
    </Icon>
  );
}

export function ClipboardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="5" y="4" width="14" height="17" rx="2" />
      <path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
    </Icon>
  );
}

export { CheckIcon, HeartIcon } from "../../components/icons";
