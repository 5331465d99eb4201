import { AGENCY } from "@agency/domain";
import { cn } from "../../lib/cn";

/** Google Maps directions to the office, in a new tab. */
export function DirectionsLink({ className }: { className?: string }) {
  return (
    <a
      href={AGENCY.directionsUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800",
        className,
      )}
    >
      Get Directions
      <span className="sr-only"> to our office (opens Google Maps in a new tab)</span>
    </a>
  );
}
