import {
  API_ENDPOINTS,
  CALENDAR_MESSAGES,
  type CalendarAppointment,
  centralZoneAbbreviation,
  displaySlot,
  isCalledOff,
} from "@agency/domain";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { leadPath, viewPath } from "../../lib/dashboard-views";
import { silentFailureText } from "../../lib/format";
import { StatusPill } from "../lead";

type State =
  | { phase: "loading" }
  | { phase: "ready"; today: string; items: CalendarAppointment[] }
  | { phase: "error"; message: string };

const longDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
});

/** Today's appointments (Central calendar, by the server's clock) in time order. */
export function TodaysSchedule() {
  const { call } = useAuth();
  const [state, setState] = useState<State>({ phase: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    call(API_ENDPOINTS.appointments.today, { signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        setState(
          result.ok && Array.isArray(result.data?.data)
            ? { phase: "ready", today: result.data.today, items: result.data.data }
            : {
                phase: "error",
                message: result.ok
                  ? "the answer was not understood"
                  : errorText(result, silentFailureText(result)),
              },
        );
      })
      .catch(() => {
        // The view was left.
      });
    return () => controller.abort();
  }, [call]);

  const calendarLink =
    state.phase === "ready"
      ? `${viewPath("appointments")}?view=calendar&mode=day&date=${state.today}`
      : `${viewPath("appointments")}?view=calendar`;

  return (
    <section
      aria-labelledby="todays-schedule-heading"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-x-3">
        <div>
          <h2 id="todays-schedule-heading" className="font-bold text-navy-900">
            Today's schedule
          </h2>
          {state.phase === "ready" ? (
            <p className="text-sm text-slate-700">
              {longDay.format(new Date(`${state.today}T00:00:00Z`))} · Central time (
              {centralZoneAbbreviation(state.today)})
            </p>
          ) : null}
        </div>
        <Link
          to={calendarLink}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Open the calendar
        </Link>
      </div>
      {state.phase === "loading" ? (
        <p className="text-sm text-slate-700">Loading…</p>
      ) : state.phase === "error" ? (
        <p role="alert" className="text-sm text-red-800">
          {CALENDAR_MESSAGES.todayFailed(state.message)}
        </p>
      ) : state.items.length === 0 ? (
        <p className="text-sm text-slate-700">{CALENDAR_MESSAGES.todayEmpty}</p>
      ) : (
        <ol className="divide-y divide-slate-200">
          {state.items.map((item) => {
            const isOff = isCalledOff(item.status);
            return (
              <li
                key={item._id}
                className="grid grid-cols-[5.5rem_1fr_auto] items-center gap-x-3 py-2"
              >
                <span className="font-semibold whitespace-nowrap text-navy-900 tabular-nums">
                  {displaySlot(item.time)}
                </span>
                <span className="min-w-0">
                  <Link
                    to={leadPath("appointments", item._id)}
                    className={cn(
                      "inline-flex min-h-11 items-center font-semibold wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800",
                      isOff && "text-slate-600 line-through",
                    )}
                  >
                    {item.name}
                  </Link>
                  <span className="block text-sm text-slate-700">{item.service}</span>
                </span>
                <StatusPill status={item.status} />
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
