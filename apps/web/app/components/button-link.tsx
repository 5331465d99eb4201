import { Link, type LinkProps } from "react-router";
import { cn } from "../lib/cn";

type Variant = "primary" | "accent" | "secondary" | "on-dark";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  /** The main call to action on dark backgrounds. */
  accent: "bg-amber-300 text-navy-950 shadow-sm hover:bg-amber-200",
  secondary: "bg-white text-navy-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50",
  "on-dark": "bg-white/10 text-white ring-1 ring-white/60 ring-inset hover:bg-white/20",
};

/** A router link styled as a button, for calls to action. */
export function ButtonLink({
  variant = "primary",
  className,
  ...props
}: LinkProps & { variant?: Variant }) {
  return (
    <Link
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-base font-semibold transition-colors",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
