import { AGENCY } from "@agency/domain";
import { ProfileImage } from "../../components/profile-image";
import { cn } from "../../lib/cn";

/**
 * The carriers of the agency profile, as logos (their name where the profile has no logo).
 * Not links: the logos say whom we compare, and a visitor who clicks one should not land on
 * the carrier's direct-sales page in the middle of choosing us (decision 0057). Nothing is
 * drawn when the profile lists no carrier.
 */
export function CarrierLogos({
  headingId,
  heading = "Carriers we compare for you",
  className,
}: {
  headingId: string;
  heading?: string;
  className?: string;
}) {
  if (AGENCY.carriers.length === 0) return null;
  return (
    <div className={className}>
      <h3 id={headingId} className="text-center text-lg font-bold text-navy-900">
        {heading}
      </h3>
      <ul
        aria-labelledby={headingId}
        className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-6"
      >
        {AGENCY.carriers.map((carrier) => (
          <li
            key={carrier.name}
            className={cn(
              "flex h-16 min-w-32 items-center justify-center rounded-xl px-4",
              !carrier.logo && "bg-slate-50 ring-1 ring-slate-200",
            )}
          >
            {carrier.logo ? (
              <ProfileImage
                file={carrier.logo}
                use="carrier"
                alt={carrier.name}
                className="h-12 w-auto"
              />
            ) : (
              <span className="text-center font-semibold text-slate-700">{carrier.name}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
