import type { RecentItem, Trend } from "@agency/domain";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { IconComponent } from "../../components/icons/index";
import { formatRelative } from "../../lib/format";
import { TrendBadge } from "./trend-badge";

interface StatCardProps {
  title: string;
  count: number;
  Icon: IconComponent;
  trend?: Trend | undefined;
  recent: readonly RecentItem[];
  /** Shown when there are no recent items. */
  emptyText: string;
  /** "View All" links to the matching view (none for cards without one). */
  viewAllTo?: string | undefined;
  viewAllLabel?: string;
  /** The page of one recent item, when its kind has lead pages. */
  itemPath?: ((id: string, item: RecentItem) => string | undefined) | undefined;
  /** Shown instead of the recent items, for a card that lists something else. */
  body?: ReactNode;
}

export function StatCard({
  title,
  count,
  Icon,
  trend,
  recent,
  emptyText,
  viewAllTo,
  viewAllLabel,
  itemPath,
  body,
}: StatCardProps) {
  return (
    <article className="flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold text-slate-700">{title}</h3>
          <p className="mt-1 text-3xl font-bold text-navy-900 tabular-nums">
            {count.toLocaleString("en-US")}
          </p>
        </div>
        <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
          <Icon className="size-6" />
        </span>
      </div>
      <div className="mt-2">
        <TrendBadge trend={trend} />
      </div>
      <div className="mt-4 flex-1 border-t border-slate-100 pt-3">
        {body ? (
          body
        ) : recent.length === 0 ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : (
          <ul className="space-y-2" aria-label={`Recent: ${title}`}>
            {recent.slice(0, 3).map((item) => {
              const path = itemPath?.(item._id, item);
              return (
                <li key={item._id} className="text-sm">
                  <p className="truncate font-medium text-slate-900">
                    {path ? (
                      <Link
                        to={path}
                        className="underline-offset-2 hover:text-brand-700 hover:underline"
                      >
                        {item.name}
                      </Link>
                    ) : (
                      item.name
                    )}
                  </p>
                  <p className="truncate text-slate-600">
                    {item.detail} ·{" "}
                    <time dateTime={item.createdAt}>{formatRelative(item.createdAt)}</time>
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {viewAllTo ? (
        <Link
          to={viewAllTo}
          className="mt-4 min-h-6 self-start rounded-sm text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          View All<span className="sr-only"> {viewAllLabel ?? title}</span>
        </Link>
      ) : null}
    </article>
  );
}
