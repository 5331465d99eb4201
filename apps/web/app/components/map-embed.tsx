import { AGENCY } from "@agency/domain";
import { cn } from "../lib/cn";

interface MapEmbedProps {
  /** Names the frame for screen readers; defaults to the office and its address. */
  title?: string;
  className?: string;
}

/**
 * The office on an embedded Google map, the only third-party content the CSP allows
 * (`frame-src https://www.google.com`). The frame loads lazily, once it nears the viewport,
 * and sits in a box of fixed aspect ratio so nothing shifts when it arrives.
 */
export function MapEmbed({
  title = `Map of the ${AGENCY.office.name}, ${AGENCY.address.singleLine}`,
  className,
}: MapEmbedProps) {
  return (
    <div
      className={cn(
        "aspect-4/3 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:aspect-video",
        className,
      )}
    >
      <iframe
        src={AGENCY.mapEmbedUrl}
        title={title}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        width={800}
        height={450}
        className="block size-full border-0"
      />
    </div>
  );
}
