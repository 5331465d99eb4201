import { AGENCY } from "@agency/domain";
import { useCallback, useId, useState } from "react";
import { cn } from "../lib/cn";

interface MapEmbedProps {
  /** Names the frame for screen readers; defaults to the office and its address. */
  title?: string;
  className?: string;
}

/**
 * The office on a Google map, behind a click (issue 16 §3, decision 0040): until the
 * visitor asks, nothing is requested from Google (no cookies of Google's before consent, no
 * grey box when Google is blocked or offline). The facade is a drawn street plan with the
 * address, "Show map" and "Open in Google Maps"; the map then takes its place in the same
 * fixed-ratio box, so nothing shifts. The frame is the only third-party content the CSP
 * allows (`frame-src https://www.google.com`).
 */
export function MapEmbed({
  title = `Map of the ${AGENCY.office.name}, ${AGENCY.address.singleLine}`,
  className,
}: MapEmbedProps) {
  const [isShown, setIsShown] = useState(false);
  const addressId = useId();
  // Focus follows the visitor's request to the map (the button it replaces is gone).
  const focusOnArrival = useCallback((frame: HTMLIFrameElement | null) => frame?.focus(), []);
  return (
    <div
      className={cn(
        "relative aspect-4/3 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:aspect-video",
        className,
      )}
    >
      {isShown ? (
        <iframe
          ref={focusOnArrival}
          src={AGENCY.mapEmbedUrl}
          title={title}
          referrerPolicy="no-referrer-when-downgrade"
          width={800}
          height={450}
          className="block size-full border-0"
        />
      ) : (
        <>
          <StreetPlan />
          <div className="absolute inset-0 flex items-center justify-center p-4">
            <div className="max-w-sm rounded-xl bg-white/95 p-4 text-center shadow-lg ring-1 ring-slate-200 sm:p-5">
              <p id={addressId} className="font-semibold text-navy-900">
                {AGENCY.office.name}
                <span className="block font-normal text-slate-700">
                  {AGENCY.address.singleLine}
                </span>
              </p>
              <div className="mt-3 flex flex-wrap items-center justify-center gap-2">
                <button
                  type="button"
                  onClick={() => setIsShown(true)}
                  aria-describedby={addressId}
                  className="min-h-11 cursor-pointer rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
                >
                  Show map
                </button>
                <a
                  href={AGENCY.directionsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  Open in Google Maps
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
              <p className="mt-2 text-xs text-slate-600">
                The map is loaded from Google, which may set its own cookies.
              </p>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** A few drawn streets and a pin: a picture of "a map here", with no request anywhere. */
function StreetPlan() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 160 90"
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 size-full"
    >
      <rect width="160" height="90" fill="#e8eef5" />
      <path d="M0 30h160M0 62h160M38 0v90M96 0v90M128 0v90" stroke="#fff" strokeWidth="5" />
      <path d="M0 84 160 14" stroke="#fff" strokeWidth="7" />
      <path d="M0 84 160 14" stroke="#f6d58e" strokeWidth="2" />
      <rect x="104" y="36" width="18" height="20" rx="1.5" fill="#cfe3d0" />
      <rect x="8" y="36" width="24" height="20" rx="1.5" fill="#cfe3d0" />
      <path
        d="M80 28c-4.4 0-8 3.4-8 7.7 0 5.8 8 13.3 8 13.3s8-7.5 8-13.3c0-4.3-3.6-7.7-8-7.7Z"
        fill="#1d4ed8"
      />
      <circle cx="80" cy="35.6" r="2.8" fill="#fff" />
    </svg>
  );
}
