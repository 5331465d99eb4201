import type { ComponentType, HTMLAttributes } from "react";
import type { IconName } from "./shapes";

export type IconProps = Omit<HTMLAttributes<HTMLSpanElement>, "children">;
export type IconComponent = ComponentType<IconProps>;

/**
 * One icon: a single <span> painted in `currentColor` through the mask of its drawing
 * (`.icon` in app.css, `.icon-<name>` from icon-stylesheet.ts). Sized by its classes
 * (`size-5` unless told), hidden from assistive technology.
 */
/**
 * Classes that draw an icon before an element's own content, with no element of its own
 * (a list item's check mark): size and colour it with Tailwind's `before:` variants, e.g.
 * `before:size-5 before:bg-emerald-700`.
 */
export function iconBefore(name: IconName): string {
  return `icon-before icon-${name}`;
}

export function Icon({ name, className = "size-5", ...props }: IconProps & { name: IconName }) {
  return <span aria-hidden="true" {...props} className={`icon icon-${name} ${className}`} />;
}
