import type { ReactNode } from "react";
import { PageHeading } from "../../components/page-heading";

export interface LegalSection {
  /** Element id, the target of the table of contents and of `/page#id` links. */
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** ISO date and its display form, e.g. "2026-11-21" and "November 21, 2026". */
  lastUpdated: { iso: string; display: string };
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/**
 * Long-form layout for the privacy notice, the terms and the accessibility statement:
 * a readable measure, a table of contents of in-page links (sticky beside the text on
 * wide screens), and one `<h2>` per section with `<h3>` below it. The contents are plain
 * fragment links: the site-wide anchor scrolling makes them smooth and keeps the 80 px
 * offset, and the browser moves the keyboard's starting point to the section.
 */
export function LegalPage({ title, lastUpdated, intro, sections }: LegalPageProps) {
  return (
    <>
      <PageHeading eyebrow="Legal" title={title}>
        {intro}
        <p className="text-base text-slate-300">
          Last updated <time dateTime={lastUpdated.iso}>{lastUpdated.display}</time>
        </p>
      </PageHeading>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14 lg:px-8 lg:py-16">
        <nav aria-labelledby="toc-heading" className="lg:sticky lg:top-24 lg:self-start">
          <h2
            id="toc-heading"
            className="text-sm font-semibold tracking-widest text-slate-600 uppercase"
          >
            On this page
          </h2>
          <ol className="mt-3 space-y-1 border-l-2 border-slate-200 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-0.5 block border-l-2 border-transparent py-1.5 pl-4 text-slate-700 hover:border-brand-700 hover:text-brand-700"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl text-base leading-relaxed text-slate-700 sm:text-lg [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-800 [&_h3]:mt-8 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-navy-900 sm:[&_h3]:text-xl [&_li]:mt-2 [&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-navy-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:marker:text-slate-500">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="border-b border-slate-200 pb-10 not-first:pt-10 last:border-0"
            >
              <h2
                id={`${section.id}-heading`}
                className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl"
              >
                {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
