import { contactConsentText, FORM_NOTICE, PRIVACY_NOTICE } from "@agency/domain";
import { cn } from "../lib/cn";

/**
 * What a public form tells a person before its submit button (decision 0080): the short
 * notice with a link to the notice of information practices (Minn. Stat. § 72A.494), and a
 * separate, unticked, optional checkbox to be called and texted (its label is the consent's
 * exact wording). Zod-free: it is on the public pages' first load. A controlled checkbox,
 * so a tick made before the scripts ran survives hydration (lib/early-input.ts).
 */
export function PrivacyNotice({
  id,
  consent,
  onConsentChange,
  className,
}: {
  /** The checkbox's id, unique on the page. */
  id: string;
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0 space-y-3", className)}>
      <p className="text-sm text-slate-700">
        {FORM_NOTICE.before}{" "}
        <a
          href={PRIVACY_NOTICE.href}
          target="_blank"
          rel="noopener"
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {FORM_NOTICE.link}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        {FORM_NOTICE.after}
      </p>
      <div
        className={cn(
          "relative flex items-start gap-3 rounded-lg border p-3 transition-colors",
          consent ? "border-brand-600 bg-brand-50" : "border-slate-400 bg-white hover:bg-slate-50",
        )}
      >
        <input
          id={id}
          name="contactConsent"
          type="checkbox"
          checked={consent}
          onChange={(event) => onConsentChange(event.target.checked)}
          className="relative z-10 mt-0.5 size-6 shrink-0 cursor-pointer accent-brand-700"
        />
        {/* The label covers the whole card, so the card is the click target (44 px and more). */}
        <label
          htmlFor={id}
          className="cursor-pointer text-sm text-navy-900 after:absolute after:inset-0"
        >
          {contactConsentText()}
        </label>
      </div>
    </div>
  );
}
