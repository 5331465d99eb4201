import {
  API_ENDPOINTS,
  CALENDAR_MESSAGES,
  type CalendarAppointment,
  type CalendarClosure,
  type CalendarMode,
  calendarDays,
  centralZoneAbbreviation,
  isCalendarDate,
  stepCalendar,
  todayInAgencyZone,
} from "@agency/domain";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { secondaryButtonClass } from "../../components/control-classes";
import { ArrowLeftIcon, ArrowRightIcon } from "../../components/icons/index";
import { errorText } from "../../lib/api";
import { useAuth } from "../../lib/auth";
import { cn } from "../../lib/cn";
import { silentFailureText } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { ErrorPanel } from "../lead";
import { CalendarGrid, type PageFocus } from "./calendar-grid";
import { type CalendarPlace, calendarSearch, readCalendarPlace } from "./calendar-place";

type State =
  | { phase: "loading"; from: string; items: CalendarAppointment[]; closures: CalendarClosure[] }
  | { phase: "ready"; from: string; items: CalendarAppointment[]; closures: CalendarClosure[] }
  | {
      phase: "error";
      from: string;
      items: CalendarAppointment[];
      closures: CalendarClosure[];
      message: string;
    };

const longDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});
const shortDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const utcDate = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Nov 23 – 27, 2026" for a week, "Tuesday, November 24, 2026" for a day. */
function pageTitle(mode: CalendarMode, days: string[]): string {
  const first = days[0] ?? "";
  const last = days[days.length - 1] ?? first;
  if (mode === "day") return longDay.format(utcDate(first));
  return shortDay.formatRange(utcDate(first), utcDate(last));
}

/**
 * The appointments as a week (Monday to Friday) or a day of the nine slots, in Central
 * time. The place (mode and date) lives in the address: Back and Forward step through the
 * pages, a reload keeps the page (decision 0037).
 */
export function AppointmentCalendar() {
  const { call } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const isWide = useMediaQuery("(min-width: 768px)");
  // The browser's clock read on the agency's calendar; the server's own "today" is the
  // overview's schedule. A new day shows on the next navigation.
  const today = todayInAgencyZone(new Date());
  const place = readCalendarPlace(
    new URLSearchParams(location.search),
    today,
    isWide ? "week" : "day",
  );
  const { mode, date } = place;
  const days = useMemo(() => calendarDays(mode, date), [mode, date]);
  const from = days[0] ?? date;
  const to = days[days.length - 1] ?? date;
  const [reloadCount, setReloadCount] = useState(0);
  const [state, setState] = useState<State>({
    phase: "loading",
    from,
    items: [],
    closures: [],
  });

  useEffect(() => {
    void reloadCount;
    const controller = new AbortController();
    setState((previous) => ({
      phase: "loading",
      from,
      items: previous.items,
      closures: previous.closures,
    }));
    call(API_ENDPOINTS.appointments.calendar, { query: { from, to }, signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        if (result.ok && Array.isArray(result.data?.data)) {
          setState({
            phase: "ready",
            from,
            items: result.data.data,
            closures: result.data.closures ?? [],
          });
        } else {
          setState({
            phase: "error",
            from,
            items: [],
            closures: [],
            message: result.ok
              ? "the answer was not understood"
              : errorText(result, silentFailureText(result)),
          });
        }
      })
      .catch(() => {
        // The view was left or the page changed.
      });
    return () => controller.abort();
  }, [call, from, to, reloadCount]);

  /**
   * The place last asked for: navigations are asynchronous, so a key held down (or pressed
   * twice quickly) steps on from where the previous press went, not from the page still
   * on screen. Forgotten as soon as any address arrives (Back and Forward included).
   */
  const asked = useRef<{ search: string; place: CalendarPlace }>({
    search: location.search,
    place,
  });
  if (asked.current.search !== location.search) {
    asked.current = { search: location.search, place };
  }

  function go(next: CalendarPlace) {
    if (!isCalendarDate(next.date)) return;
    const search = `?${calendarSearch(next)}`;
    const current = asked.current.place;
    if (current.mode === next.mode && current.date === next.date && search === location.search) {
      return;
    }
    asked.current = { search: location.search, place: next };
    void navigate({ pathname: location.pathname, search }, { preventScrollReset: true });
  }
  const step = (direction: 1 | -1) => {
    const from = asked.current.place;
    go({ mode: from.mode, date: stepCalendar(from.mode, from.date, direction) });
  };
  const onPage = (direction: 1 | -1, _focus: PageFocus) => step(direction);

  const unit = mode === "week" ? "week" : "day";
  const title = pageTitle(mode, days);
  const zone = centralZoneAbbreviation(from);
  const inView = new Set(days);
  const items = state.items.filter((item) => inView.has(item.date));
  const isBusy = state.phase === "loading";
  const count = state.phase === "ready" ? items.length : null;

  return (
    <section aria-labelledby="calendar-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2
            id="calendar-heading"
            data-list-heading
            tabIndex={-1}
            className="text-xl font-bold text-navy-900 focus:outline-none"
          >
            {title}
          </h2>
          <p className="text-sm text-slate-700">
            Times in Central time ({zone})
            {count !== null ? (
              <>
                {" · "}
                <span>{count === 1 ? "1 appointment" : `${count} appointments`}</span>
              </>
            ) : null}
          </p>
        </div>
        <fieldset className="flex rounded-md ring-1 ring-slate-300 ring-inset">
          <legend className="sr-only">Show</legend>
          {(["week", "day"] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={mode === choice}
              onClick={() => go({ mode: choice, date: asked.current.place.date })}
              className={cn(
                "min-h-11 cursor-pointer px-4 text-sm font-semibold first:rounded-l-md last:rounded-r-md",
                mode === choice
                  ? "bg-navy-900 text-white"
                  : "bg-white text-navy-900 hover:bg-slate-50",
              )}
            >
              {choice === "week" ? "Week" : "Day"}
            </button>
          ))}
        </fieldset>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => step(-1)}>
          <ArrowLeftIcon className="size-4" />
          Previous<span className="sr-only"> {unit}</span>
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => go({ mode: asked.current.place.mode, date: today })}
        >
          Today
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => step(1)}>
          Next<span className="sr-only"> {unit}</span>
          <ArrowRightIcon className="size-4" />
        </button>
        <p
          id="calendar-keys"
          className="basis-full text-xs text-slate-700 sm:ml-auto sm:basis-auto"
        >
          In the calendar: arrow keys move, Enter opens, Page Up/Down change the {unit}.
        </p>
      </div>

      <p role="status" className="sr-only">
        {isBusy ? "Loading appointments…" : count !== null ? `${title}: ${count} appointments` : ""}
      </p>

      {state.phase === "error" ? (
        <ErrorPanel
          message={CALENDAR_MESSAGES.loadFailed(state.message)}
          onRetry={() => setReloadCount((n) => n + 1)}
        />
      ) : (
        <section
          aria-label={`Calendar, ${title}${mode === "week" ? " (scrolls sideways on a narrow screen)" : ""}`}
          className="relative scroll-pl-24 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          <CalendarGrid
            days={days}
            mode={mode}
            today={today}
            appointments={items}
            closures={state.closures}
            isBusy={isBusy}
            caption={`Appointments, ${title}, Central time (${zone}). Arrow keys move between slots and days, Enter opens an appointment, Page Up and Page Down change the ${unit}.`}
            onPage={onPage}
          />
        </section>
      )}
    </section>
  );
}
