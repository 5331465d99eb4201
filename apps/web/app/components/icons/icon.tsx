import type { ComponentType, SVGProps } from "react";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type IconComponent = ComponentType<IconProps>;

/** The frame every icon shares: a 24 × 24 stroked outline, hidden from assistive technology. */
export function Icon({ children, className = "size-5", ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}

/** The frame of the brand marks (Facebook, LinkedIn): a filled 24 × 24 shape. */
export function FilledIcon({ children, className = "size-5", ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}
