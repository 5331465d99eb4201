import {
  type FirstTouch,
  firstTouchLabel,
  LEAD_SOURCE_LABELS,
  type LeadSource,
} from "@agency/domain";

const BADGE =
  "inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset";

/**
 * Where a lead came from: "Entered by staff · Phone call" for a lead staff entered; for a
 * web lead its first touch (decision 0074), "Website · newsletter / email"; nothing for a
 * web lead from before first touches were kept.
 */
export function SourceNote({
  source,
  firstTouch = null,
}: {
  source: string;
  firstTouch?: FirstTouch | null;
}) {
  if (source === "web" || source === "") {
    if (!firstTouch) return null;
    return (
      <span className={BADGE}>
        <span className="sr-only">Lead source: </span>
        Website · {firstTouchLabel(firstTouch)}
      </span>
    );
  }
  const label = LEAD_SOURCE_LABELS[source as LeadSource] ?? source;
  return (
    <span className={BADGE}>
      <span className="sr-only">Entered by staff: </span>
      {label}
    </span>
  );
}
