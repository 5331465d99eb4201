import type { ActivityEntry } from "@agency/domain";
import {
  CalendarIcon,
  DashboardUsersIcon,
  DocumentIcon,
  InboxIcon,
} from "../../components/icons/index";
import { formatDateTime, formatRelative } from "../../lib/format";

const LOOK = {
  quote: { Icon: DocumentIcon, className: "bg-brand-100 text-brand-800", label: "Quote" },
  contact: { Icon: InboxIcon, className: "bg-emerald-100 text-emerald-900", label: "Message" },
  appointment: { Icon: CalendarIcon, className: "bg-amber-100 text-amber-900", label: "Booking" },
  staff: { Icon: DashboardUsersIcon, className: "bg-slate-200 text-slate-800", label: "Staff" },
} as const;

/** The latest submissions and staff actions, newest first (from the server's audit log). */
export function ActivityFeed({ entries }: { entries: readonly ActivityEntry[] }) {
  return (
    <section
      aria-labelledby="recent-activity-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="recent-activity-heading" className="font-bold text-navy-900">
        Recent Activity
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No activity yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => {
            const look = LOOK[entry.type] ?? LOOK.staff;
            return (
              <li key={`${entry.type}-${entry.id}`} className="flex gap-3">
                <span className={`shrink-0 self-start rounded-full p-2 ${look.className}`}>
                  <look.Icon className="size-4" />
                </span>
                <div className="min-w-0 text-sm">
                  <p className="text-slate-900">
                    <span className="sr-only">{look.label}: </span>
                    {entry.text}
                  </p>
                  <p className="text-slate-600">
                    <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                      {formatRelative(entry.at)}
                    </time>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
