import {
  type CalendarAppointment,
  type CalendarClosure,
  type CalendarDate,
  type CalendarMode,
  closedSlots,
  compareCalendarAppointments,
  displaySlot,
  federalHolidayName,
  isCalledOff,
  isWeekend,
  slotIndex,
  TIME_SLOTS,
} from "@agency/domain";
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { cn } from "../../lib/cn";
import { leadPath } from "../../lib/dashboard-views";
import type { LeadPageState } from "../lead";
import { StatusPill } from "../lead";

const dayHeading = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "short",
  month: "short",
  day: "numeric",
});
const dayHeadingLong = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  month: "long",
  day: "numeric",
});
const utcDate = (date: CalendarDate) => new Date(`${date}T00:00:00Z`);

/** Where a keyboard move that leaves the page lands on the next one. */
export type PageFocus = { row: number; col: "first" | "last" | "same" };

/** Why nothing can be booked that day (weekends, federal holidays), or undefined. */
function closedReason(date: CalendarDate): string | undefined {
  if (isWeekend(date)) return "No appointments at weekends";
  const holiday = federalHolidayName(date);
  return holiday ? `Closed (${holiday})` : undefined;
}

type Cell = { row: number; col: number };

/**
 * A week (Monday to Friday) or a day of appointments: the nine slots as rows, the days as
 * columns, each appointment a link to its lead. One cell is in the tab order (a roving
 * tabindex): arrow keys move between slots and days and past the page's edge, Home/End to
 * the row's ends (a day's first and last slot in day view), Ctrl+Home/End to the corners,
 * Page Up/Down change the page, Enter opens the cell's appointment (with several, it moves
 * into the cell: Up/Down between them, Escape back out).
 */
export function CalendarGrid({
  days,
  mode,
  today,
  appointments,
  closures = [],
  isBusy,
  caption,
  onPage,
}: {
  days: CalendarDate[];
  mode: CalendarMode;
  today: CalendarDate;
  appointments: CalendarAppointment[];
  /** Settings' closed days and hours of these days (issue 27 §4). */
  closures?: readonly CalendarClosure[];
  isBusy: boolean;
  caption: string;
  onPage: (direction: 1 | -1, focus: PageFocus) => void;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const leadState: LeadPageState = { listSearch: search };
  const tableRef = useRef<HTMLTableElement>(null);
  const [active, setActive] = useState<Cell>(() => ({
    row: 0,
    col: Math.max(0, days.indexOf(today)),
  }));
  /** Set by a keyboard move: the active cell takes focus once it is on screen. */
  const focusPending = useRef(false);

  // Rows: the slots (the profile's booking hours), and any other time an appointment of this page has (never hidden).
  const extraTimes = [
    ...new Set(appointments.map((a) => a.time).filter((t) => slotIndex(t) >= TIME_SLOTS.length)),
  ].sort();
  const times = [...TIME_SLOTS, ...extraTimes];
  const byCell = new Map<string, CalendarAppointment[]>();
  for (const appointment of [...appointments].sort(compareCalendarAppointments)) {
    const key = `${appointment.date}|${appointment.time}`;
    byCell.set(key, [...(byCell.get(key) ?? []), appointment]);
  }
  // The closures: a whole day's reason for its heading, and each closed slot's reason.
  const dayClosed = new Map<string, string>();
  const slotClosed = new Map<string, string>();
  for (const closure of closures) {
    if (closure.from === null || closure.to === null) {
      if (!dayClosed.has(closure.date)) dayClosed.set(closure.date, closure.reason);
    }
    for (const slot of closedSlots(closure)) {
      const key = `${closure.date}|${slot}`;
      if (!slotClosed.has(key)) slotClosed.set(key, closure.reason);
    }
  }
  const cellItems = (row: number, col: number) =>
    byCell.get(`${days[col] ?? ""}|${times[row] ?? ""}`) ?? [];

  const lastRow = times.length - 1;
  const lastCol = days.length - 1;
  const current: Cell = {
    row: Math.min(active.row, lastRow),
    col: Math.min(active.col, lastCol),
  };

  const cellElement = (cell: Cell) =>
    tableRef.current?.querySelector<HTMLElement>(`[data-cell="${cell.row}-${cell.col}"]`) ?? null;

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    cellElement(current)?.focus();
  });

  // A mode change (week ↔ day) keeps the row and puts the column in range.
  useEffect(() => {
    setActive((cell) => ({ row: cell.row, col: Math.min(cell.col, Math.max(0, days.length - 1)) }));
  }, [days.length]);

  function moveTo(cell: Cell) {
    focusPending.current = true;
    setActive(cell);
    // Focus may already be on that cell's element (the same cell): focus it now too.
    cellElement(cell)?.focus();
  }

  function page(direction: 1 | -1, focus: PageFocus) {
    // The next page has as many columns as this one (the mode does not change).
    const col = focus.col === "first" ? 0 : focus.col === "last" ? lastCol : current.col;
    focusPending.current = true;
    setActive({ row: focus.row, col });
    onPage(direction, focus);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const target = event.target as HTMLElement;
    const link = target.closest<HTMLElement>("[data-appointment]");
    const cell = target.closest<HTMLElement>("[data-cell]");
    if (!cell) return;
    const [row = 0, col = 0] = (cell.dataset.cell ?? "0-0").split("-").map(Number);
    const here: Cell = { row, col };
    const ctrl = event.ctrlKey || event.metaKey;
    let handled = true;

    // Inside a cell of several appointments: Up/Down between them, Escape back to the cell.
    if (link && (event.key === "ArrowDown" || event.key === "ArrowUp" || event.key === "Escape")) {
      const links = [...cell.querySelectorAll<HTMLElement>("[data-appointment]")];
      const index = links.indexOf(link);
      const next = event.key === "ArrowDown" ? links[index + 1] : links[index - 1];
      if (event.key === "Escape") cell.focus();
      else if (next) next.focus();
      else
        moveTo({
          row: Math.max(0, Math.min(lastRow, row + (event.key === "ArrowDown" ? 1 : -1))),
          col,
        });
      event.preventDefault();
      return;
    }

    switch (event.key) {
      case "ArrowDown":
        moveTo({ ...here, row: Math.min(lastRow, row + 1) });
        break;
      case "ArrowUp":
        moveTo({ ...here, row: Math.max(0, row - 1) });
        break;
      case "ArrowRight":
        if (col < lastCol) moveTo({ ...here, col: col + 1 });
        else page(1, { row, col: "first" });
        break;
      case "ArrowLeft":
        if (col > 0) moveTo({ ...here, col: col - 1 });
        else page(-1, { row, col: "last" });
        break;
      case "Home":
        if (ctrl) moveTo({ row: 0, col: 0 });
        else moveTo(lastCol > 0 ? { row, col: 0 } : { row: 0, col });
        break;
      case "End":
        if (ctrl) moveTo({ row: lastRow, col: lastCol });
        else moveTo(lastCol > 0 ? { row, col: lastCol } : { row: lastRow, col });
        break;
      case "PageDown":
        page(1, { row, col: "same" });
        break;
      case "PageUp":
        page(-1, { row, col: "same" });
        break;
      case "Enter":
      case " ": {
        if (link) {
          handled = false; // the link's own Enter opens it
          break;
        }
        const items = cellItems(row, col);
        const [only] = items;
        if (items.length === 1 && only) {
          void navigate(leadPath("appointments", only._id), { state: leadState });
        } else if (items.length > 1) {
          cell.querySelector<HTMLElement>("[data-appointment]")?.focus();
        }
        break;
      }
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  }

  return (
    <table
      ref={tableRef}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG data grid is a table with role="grid" (its keyboard is onKeyDown)
      role="grid"
      aria-busy={isBusy}
      aria-readonly="true"
      onKeyDown={onKeyDown}
      className={cn(
        "w-full table-fixed border-separate border-spacing-0 text-left text-sm",
        mode === "week" && "min-w-[44rem]",
        isBusy && "opacity-70",
      )}
    >
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th
            scope="col"
            className="sticky left-0 z-10 w-20 border-b border-slate-300 bg-slate-100 px-2 py-2 font-semibold text-navy-900 sm:w-24"
          >
            Time
          </th>
          {days.map((date) => {
            const closure = dayClosed.get(date);
            const closed = closedReason(date) ?? (closure ? `Closed: ${closure}` : undefined);
            const isToday = date === today;
            return (
              <th
                key={date}
                scope="col"
                className={cn(
                  "border-b border-l border-slate-300 bg-slate-100 px-2 py-2 font-semibold text-navy-900",
                  isToday && "bg-brand-50",
                )}
              >
                <span className="block">
                  {(mode === "day" ? dayHeadingLong : dayHeading).format(utcDate(date))}
                </span>
                {isToday ? (
                  <span className="mt-0.5 inline-block rounded-full bg-brand-700 px-2 text-xs font-semibold text-white">
                    Today
                  </span>
                ) : null}
                {closed ? (
                  <span className="block text-xs font-normal text-slate-700">{closed}</span>
                ) : null}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {times.map((time, row) => (
          <tr key={time}>
            <th
              scope="row"
              // The time stays in view while a week scrolls sideways on a narrow screen.
              className="sticky left-0 z-10 border-b border-slate-200 bg-white px-2 py-2 align-top font-semibold whitespace-nowrap text-navy-900"
            >
              {displaySlot(time)}
            </th>
            {days.map((date, col) => {
              const items = cellItems(row, col);
              const isActive = current.row === row && current.col === col;
              const closedFor = slotClosed.get(`${date}|${time}`);
              return (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: keyed by position, not date, so on the next page the same cell element (and the keyboard focus on it) stays
                  key={col}
                  data-cell={`${row}-${col}`}
                  tabIndex={isActive ? 0 : -1}
                  onFocus={(event) => {
                    if (event.target === event.currentTarget && !isActive) setActive({ row, col });
                  }}
                  className={cn(
                    "h-16 border-b border-l border-slate-200 p-1 align-top focus-visible:outline-offset-[-3px]",
                    closedFor !== undefined
                      ? "bg-slate-100"
                      : date === today
                        ? "bg-brand-50/40"
                        : "bg-white",
                  )}
                >
                  {closedFor !== undefined ? (
                    <span className="block px-1 text-xs text-slate-700">Closed: {closedFor}</span>
                  ) : null}
                  {items.length === 0 ? (
                    closedFor !== undefined ? null : (
                      <span className="sr-only">No appointment</span>
                    )
                  ) : (
                    <ul className="space-y-1">
                      {items.map((appointment) => {
                        const isOff = isCalledOff(appointment.status);
                        return (
                          <li key={appointment._id}>
                            <Link
                              to={leadPath("appointments", appointment._id)}
                              state={leadState}
                              tabIndex={-1}
                              data-appointment=""
                              onClick={() => setActive({ row, col })}
                              className={cn(
                                "block rounded-md border px-2 py-1 leading-snug hover:bg-brand-100 focus-visible:outline-offset-0",
                                isOff
                                  ? "border-dashed border-slate-400 bg-slate-50 text-slate-700"
                                  : "border-brand-300 bg-brand-50 text-navy-900",
                              )}
                            >
                              <span
                                className={cn(
                                  "block truncate font-semibold",
                                  isOff && "line-through decoration-2",
                                )}
                              >
                                {appointment.name}
                              </span>
                              <span className="block truncate text-xs">{appointment.service}</span>
                              <StatusPill status={appointment.status} />
                            </Link>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
