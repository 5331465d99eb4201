import { AGENCY } from "@agency/domain";
import type { ReactNode } from "react";
import { ClockIcon } from "./icons/clock";
import { PhoneIcon } from "./icons/phone";

interface PageHeadingProps {
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  /** One or two sentences under the title. */
  children?: ReactNode;
  /** Calls to action shown under the text. */
  actions?: ReactNode;
}

/**
 * The page's hero band with its single `<h1>`. Its text starts where the header's logo and
 * the sections below start (the same max-w-7xl container and padding), and from lg on its
 * right half holds the way to reach an agent instead of an empty band (issue 26 §4).
 */
export function PageHeading({ title, eyebrow, children, actions }: PageHeadingProps) {
  return (
    <section className="bg-linear-to-br from-navy-950 via-navy-900 to-navy-800 text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:grid lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-center lg:gap-12 lg:px-8 xl:grid-cols-[minmax(0,1fr)_20rem]">
        <div data-hero-text="">
          {eyebrow ? (
            <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            {title}
          </h1>
          {children ? (
            <div className="mt-5 max-w-3xl space-y-3 text-lg text-pretty text-slate-200">
              {children}
            </div>
          ) : null}
          {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
        </div>
        <TalkToAnAgent />
      </div>
    </section>
  );
}

/** The hero's right half from lg on: the phone number and when someone answers it. */
function TalkToAnAgent() {
  return (
    <div
      data-hero-aside=""
      className="hidden rounded-2xl bg-white/5 p-6 ring-1 ring-white/15 ring-inset lg:block"
    >
      <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">
        Talk to a licensed agent
      </p>
      <a
        href={AGENCY.phoneHref}
        className="mt-3 flex items-center gap-2 text-2xl font-bold text-white underline-offset-4 hover:underline"
      >
        <PhoneIcon className="size-6 shrink-0 text-amber-300" />
        {AGENCY.phone}
      </a>
      <div className="mt-4 flex items-start gap-2 text-slate-200">
        <ClockIcon className="mt-0.5 size-5 shrink-0 text-amber-300" />
        <ul>
          {AGENCY.phoneHoursDisplay.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
