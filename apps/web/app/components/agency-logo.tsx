import { cn } from "../lib/cn";

/** The agency mark: a shield with a roof line, drawn inline (the CSP allows no remote images). */
export function AgencyMark({ className }: { className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      className={cn("shrink-0", className)}
    >
      <path
        d="M20 2 5 7.5v11.2C5 28.4 11.4 35.6 20 38c8.6-2.4 15-9.6 15-19.3V7.5L20 2z"
        className="fill-navy-900"
      />
      <path
        d="M20 5.3 8 9.7v9c0 7.8 5 13.8 12 16 7-2.2 12-8.2 12-16v-9L20 5.3z"
        className="fill-brand-600"
      />
      <path
        d="m12 20.5 8-6.8 8 6.8M14.8 18.4v8.1h10.4v-8.1"
        fill="none"
        stroke="white"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M18.3 26.5v-4.3h3.4v4.3" fill="none" stroke="white" strokeWidth={2} />
    </svg>
  );
}
