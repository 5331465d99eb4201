import type { ReactNode } from "react";
import { cn } from "../lib/cn";

interface ContentSectionProps {
  /** Element id, so navigation anchors (`/page#id`) land here. */
  id?: string;
  title: string;
  children: ReactNode;
  className?: string;
}

/** A titled block of page content with an `<h2>`. */
export function ContentSection({ id, title, children, className }: ContentSectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn("py-10 sm:py-14", className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">
          {title}
        </h2>
        <div className="mt-4 max-w-3xl space-y-4 text-base leading-relaxed text-slate-700 sm:text-lg">
          {children}
        </div>
      </div>
    </section>
  );
}
