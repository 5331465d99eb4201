import type { Trend } from "@agency/domain";
import { cn } from "../../lib/cn";

/**
 * The real change of the last 30 days against the 30 before. With no base (nothing in the
 * previous 30 days) there is no percentage: "new" when something arrived, else "—".
 */
export function TrendBadge({ trend }: { trend: Trend | undefined }) {
  if (!trend) {
    return (
      <span className="text-sm text-slate-600">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No 30-day trend</span>
      </span>
    );
  }
  const { changePercent, last30Days, previous30Days } = trend;
  const detail = `${last30Days} in the last 30 days, ${previous30Days} in the 30 days before`;
  if (changePercent === null) {
    return (
      <span className="text-sm text-slate-700" title={detail}>
        {last30Days > 0 ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 font-semibold text-brand-800">
            new
          </span>
        ) : (
          <span aria-hidden="true">—</span>
        )}
        <span className="sr-only">
          {last30Days > 0 ? "" : "No change: "}
          {detail}
        </span>
      </span>
    );
  }
  const sign = changePercent > 0 ? "+" : changePercent < 0 ? "−" : "±";
  return (
    <span className="text-sm text-slate-700" title={detail}>
      <span
        className={cn(
          "font-semibold",
          changePercent > 0 && "text-emerald-800",
          changePercent < 0 && "text-red-800",
        )}
      >
        {sign}
        {Math.abs(changePercent).toLocaleString("en-US")}%
      </span>{" "}
      vs previous 30 days
      <span className="sr-only"> ({detail})</span>
    </span>
  );
}
