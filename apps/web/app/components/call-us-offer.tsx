import { AGENCY } from "@agency/domain";
import { cn } from "../lib/cn";

/**
 * The way out offered beside every failure message of a public form (issue 26 §4): when a
 * submission fails, the visitor can still reach the agency by phone. The spec's own message
 * stays as it is; this line follows it, inside the same alert so it is announced with it.
 */
export function CallUsOffer({ className }: { className?: string }) {
  return (
    <p data-call-us="" className={cn("mt-2 font-normal", className)}>
      You can also call us at{" "}
      <a
        href={AGENCY.phoneHref}
        className="font-semibold whitespace-nowrap underline underline-offset-2 hover:no-underline"
      >
        {AGENCY.phone}
      </a>
      .
    </p>
  );
}
