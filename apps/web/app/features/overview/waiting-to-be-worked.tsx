import { API_ENDPOINTS } from "@agency/domain";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  CalendarIcon,
  DocumentIcon,
  type IconComponent,
  InboxIcon,
} from "../../components/icons/index";
import { useAuth } from "../../lib/auth";
import { type LeadView, viewPath } from "../../lib/dashboard-views";
import type { LeadRoute } from "../lead";

type Queue = { view: LeadView; title: string; Icon: IconComponent };

/** Each lead list's "new" pile: what is waiting for someone to pick it up. */
const QUEUES: Queue[] = [
  { view: "contacts", title: "New messages", Icon: InboxIcon },
  { view: "quotes", title: "New quote requests", Icon: DocumentIcon },
  { view: "appointments", title: "New bookings", Icon: CalendarIcon },
];

/** The card class both overviews' step-away cards share. */
export const OVERVIEW_CARD_CLASS =
  "flex h-full w-full cursor-pointer items-start gap-3 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand-200";

/**
 * The leads waiting to be worked, each a step away, counted with the same list calls the
 * views make (one row each: only the total is read). Every role's overview shows them
 * (issue 27 §4): agents work them, owners and managers see what is piling up.
 */
export function WaitingToBeWorked() {
  const { call } = useAuth();
  const [totals, setTotals] = useState<Record<string, number | null>>({});

  useEffect(() => {
    const controller = new AbortController();
    for (const queue of QUEUES) {
      void call<LeadRoute<"list">>(API_ENDPOINTS[queue.view].list, {
        query: { status: "new", limit: 1 },
        signal: controller.signal,
      })
        .then((result) => {
          const total = result.ok ? result.data.total : null;
          setTotals((current) => ({ ...current, [queue.view]: total }));
        })
        .catch(() => {
          // Aborted: the view was left.
        });
    }
    return () => controller.abort();
  }, [call]);

  const cardClass = OVERVIEW_CARD_CLASS;
  return (
    <section aria-labelledby="work-queues-heading">
      <h2 id="work-queues-heading" className="mb-3 font-bold text-navy-900">
        Waiting to be worked
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {QUEUES.map(({ view, title, Icon }) => {
          const total = totals[view];
          return (
            <li key={view}>
              <Link to={`${viewPath(view)}?status=new`} className={cardClass}>
                <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
                  <Icon className="size-5" />
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-navy-900">{title}</span>
                  <span className="block text-2xl font-bold text-navy-900" aria-live="polite">
                    {total === undefined
                      ? "…"
                      : total === null
                        ? "—"
                        : total.toLocaleString("en-US")}
                  </span>
                  <span className="block text-sm text-slate-700">Open the list</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
