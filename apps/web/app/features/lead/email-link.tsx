import { type ReactNode, useId } from "react";
import { NO_EMAIL } from "./email-button";

/** A lead's email as a mail link, or "No email" when staff took the lead without one. */
export function EmailLink({ email }: { email: string }) {
  if (!email) return <span className="font-normal text-slate-600">{NO_EMAIL}</span>;
  return (
    <a href={`mailto:${email}`} className="text-brand-700 underline">
      {email}
    </a>
  );
}

/**
 * A mail action (Reply, Email this prospect): a link when the lead has an email, otherwise
 * the same label disabled, with the reason beside it (decision 0063).
 */
export function MailAction({
  href,
  className,
  children,
}: {
  href: string | null;
  className: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  if (href) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled
        aria-describedby={reasonId}
        className={`${className} cursor-not-allowed opacity-60`}
      >
        {children}
      </button>
      <span id={reasonId} className="text-sm text-slate-600">
        No email on file: call instead.
      </span>
    </span>
  );
}
