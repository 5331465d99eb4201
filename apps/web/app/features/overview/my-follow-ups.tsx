import { API_ENDPOINTS, type FollowUpItem } from "@agency/domain";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CalendarIcon, DocumentIcon, InboxIcon } from "../../components/icons/index";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { leadPath, TIMELINE_VIEW } from "../../lib/dashboard-views";
import { silentFailureText } from "../../lib/format";
import { formatFollowUp, StatusPill } from "../lead";

const LOOK = {
  quote: { Icon: DocumentIcon, label: "Quote" },
  contact: { Icon: InboxIcon, label: "Message" },
  appointment: { Icon: CalendarIcon, label: "Appointment" },
} as const;

type State =
  | { phase: "loading" }
  | { phase: "ready"; today: string; items: FollowUpItem[] }
  | { phase: "error"; message: string };

/** The caller's leads to follow up today, and those overdue (oldest first). */
export function MyFollowUps() {
  const { call } = useAuth();
  const [state, setState] = useState<State>({ phase: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    call(API_ENDPOINTS.dashboard.myFollowUps, {
      signal: controller.signal,
    })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok
            ? { phase: "ready", today: result.data.today, items: result.data.data }
            : { phase: "error", message: errorText(result, silentFailureText(result)) },
        );
      })
      .catch(() => {
        // The view was left.
      });
    return () => controller.abort();
  }, [call]);

  return (
    <section
      aria-labelledby="my-follow-ups-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="my-follow-ups-heading" className="mb-3 font-bold text-navy-900">
        My follow-ups
        {state.phase === "ready" && state.items.length > 0 ? (
          <span className="ml-2 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900">
            {state.items.length}
            <span className="sr-only"> due</span>
          </span>
        ) : null}
      </h2>
      {state.phase === "loading" ? (
        <p className="text-sm text-slate-700">Loading…</p>
      ) : state.phase === "error" ? (
        <p role="alert" className="text-sm text-red-800">
          Your follow-ups could not be loaded: {state.message}
        </p>
      ) : state.items.length === 0 ? (
        <p className="text-sm text-slate-700">
          Nothing due today. Leads assigned to you with a follow-up date show here when it comes.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {state.items.map((item) => {
            const look = LOOK[item.type];
            const isOverdue = item.followUpOn < state.today;
            return (
              <li
                key={`${item.type}-${item._id}`}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              >
                <look.Icon className="size-5 shrink-0 text-brand-700" />
                <Link
                  to={leadPath(TIMELINE_VIEW[item.type], item._id)}
                  className="flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  {item.name}
                  <span className="sr-only"> ({look.label.toLowerCase()})</span>
                </Link>
                <span className="text-sm text-slate-700">{look.label}</span>
                <StatusPill status={item.status} />
                <span
                  className={
                    isOverdue
                      ? "ml-auto text-sm font-semibold text-red-800"
                      : "ml-auto text-sm font-semibold text-amber-900"
                  }
                >
                  {isOverdue ? `Overdue since ${formatFollowUp(item.followUpOn)}` : "Due today"}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
