import { API_ENDPOINTS, userDisplayName, userRoleLabel } from "@agency/domain";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  CalendarIcon,
  DocumentIcon,
  GearIcon,
  type IconComponent,
  InboxIcon,
} from "../../components/icons/index";
import { useAuth } from "../../lib/auth";
import { type LeadView, viewPath } from "../../lib/dashboard-views";
import type { LeadRoute } from "../lead";
import { MyFollowUps } from "./my-follow-ups";
import { TodaysSchedule } from "./todays-schedule";

type Queue = { view: LeadView; title: string; Icon: IconComponent };

/** Each lead list's "new" pile: what is waiting for someone to pick it up. */
const QUEUES: Queue[] = [
  { view: "contacts", title: "New messages", Icon: InboxIcon },
  { view: "quotes", title: "New quote requests", Icon: DocumentIcon },
  { view: "appointments", title: "New bookings", Icon: CalendarIcon },
];

/**
 * The overview of a role without the agency's figures (reports.view, decision 0025): the
 * leads waiting to be worked, each a step away, counted with the same list calls the
 * views make (one row each: only the total is read).
 */
export function WorkOverview() {
  const { call, user } = useAuth();
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

  const cardClass =
    "flex h-full w-full cursor-pointer items-start gap-3 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 hover:bg-slate-50 hover:ring-brand-200";
  return (
    <div className="space-y-6">
      <div>
        <p className="text-lg text-slate-700">
          Welcome back, <span className="font-semibold text-navy-900">{userDisplayName(user)}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Signed in as {user ? userRoleLabel(user) : "staff"}: you see and work every lead (notes,
          calls, status, follow-ups). Exports, archiving, reports and staff accounts are for
          managers and administrators.
        </p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-2">
        <TodaysSchedule />
        <MyFollowUps />
      </div>
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
      <section aria-labelledby="work-settings-heading">
        <h2 id="work-settings-heading" className="mb-3 font-bold text-navy-900">
          Your account
        </h2>
        <Link to={viewPath("settings")} className={`${cardClass} sm:w-auto`}>
          <span className="rounded-lg bg-brand-50 p-2.5 text-brand-700">
            <GearIcon className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block font-semibold text-navy-900">Settings</span>
            <span className="block text-sm text-slate-700">
              Your password and two-factor sign-in.
            </span>
          </span>
        </Link>
      </section>
    </div>
  );
}
