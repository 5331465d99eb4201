import type { ReactNode } from "react";
import { Reveal } from "../../components/reveal";
import { cn } from "../../lib/cn";

interface SectionHeaderProps {
  /** Id of the `<h2>`, for the section's `aria-labelledby`. */
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  /** Light text for sections on a dark background. */
  isOnDark?: boolean;
}

/** A home section's eyebrow, `<h2>` and one-paragraph introduction, centred. */
export function SectionHeader({
  id,
  eyebrow,
  title,
  children,
  isOnDark = false,
}: SectionHeaderProps) {
  return (
    <Reveal className="mx-auto max-w-3xl text-center">
      <p
        className={cn(
          "text-sm font-semibold tracking-widest uppercase",
          isOnDark ? "text-amber-300" : "text-brand-700",
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          "mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl",
          isOnDark ? "text-white" : "text-navy-900",
        )}
      >
        {title}
      </h2>
      {children ? (
        <p
          className={cn("mt-4 text-lg text-pretty", isOnDark ? "text-slate-200" : "text-slate-600")}
        >
          {children}
        </p>
      ) : null}
    </Reveal>
  );
}
