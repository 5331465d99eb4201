import { LEAD_SOURCE_LABELS, type LeadSource } from "@agency/domain";

/** "Entered by staff · Phone call" for a lead that did not come through the website. */
export function SourceNote({ source }: { source: string }) {
  if (source === "web" || source === "") return null;
  const label = LEAD_SOURCE_LABELS[source as LeadSource] ?? source;
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">
      <span className="sr-only">Entered by staff: </span>
      {label}
    </span>
  );
}
