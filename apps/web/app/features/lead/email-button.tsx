import { cn } from "../../lib/cn";
import { useDashboard } from "../../lib/dashboard-context";

/** A customer's email: opens the prospect's timeline (everything this address sent). */
export function EmailButton({ email, className }: { email: string; className?: string }) {
  const { openProspect } = useDashboard();
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
