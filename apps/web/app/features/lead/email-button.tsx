import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";

/** What stands for an email a lead has none of (staff took it by phone; decision 0063). */
export const NO_EMAIL = "No email";

/**
 * A customer's email: opens the prospect's timeline (everything this address sent). A lead
 * without an email (decision 0063) shows "No email": there is no timeline to open.
 */
export function EmailButton({ email, className }: { email: string; className?: string }) {
  const { openProspect } = useDashboard();
  if (!email) return <span className={cn("text-slate-600", className)}>{NO_EMAIL}</span>;
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      onClick={() => openProspect(email)}
      className={cn(
        "min-h-6 cursor-pointer rounded-sm text-left font-medium wrap-anywhere text-brand-700 underline decoration-brand-700/40 underline-offset-2 hover:text-brand-800 hover:decoration-brand-800",
        className,
      )}
    >
      {email}
      <span className="sr-only"> (show this prospect's timeline)</span>
    </button>
  );
}
