import type { SVGProps } from "react";
import { Icon } from "./icon";

/** The frame of the products, about and contact pages' icons: larger, with a finer line. */
export function FineIcon({ className = "size-6", ...props }: SVGProps<SVGSVGElement>) {
  return <Icon className={className} strokeWidth={1.8} {...props} />;
}
