import type { ReactNode } from "react";

interface PageHeadingProps {
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  /** One or two sentences under the title. */
  children?: ReactNode;
  /** Calls to action shown under the text. */
  actions?: ReactNode;
}

/** The page's hero band with its single `<h1>`. */
export function PageHeading({ title, eyebrow, children, actions }: PageHeadingProps) {
  return (
    <section className="bg-linear-to-br from-navy-950 via-navy-900 to-navy-800 text-white">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children ? (
          <div className="mt-5 max-w-3xl space-y-3 text-lg text-pretty text-slate-200">
            {children}
          </div>
        ) : null}
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </section>
  );
}
