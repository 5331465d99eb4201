import {
  CALENDAR_MODES,
  type CalendarDate,
  type CalendarMode,
  isCalendarDate,
} from "@agency/domain";

/**
 * Where the appointments view is, in its address (decision 0029, 0037):
 * `?view=calendar&mode=week|day&date=YYYY-MM-DD`. No `view` (or anything else) is the list.
 */
export type CalendarPlace = { mode: CalendarMode; date: CalendarDate };

export function isCalendarView(search: URLSearchParams): boolean {
  return search.get("view") === "calendar";
}

/**
 * The calendar's place an address names; a missing or malformed mode takes the screen's
 * default (a day on a phone, a week otherwise), a missing or malformed date is today.
 */
export function readCalendarPlace(
  search: URLSearchParams,
  today: CalendarDate,
  defaultMode: CalendarMode,
): CalendarPlace {
  const mode = search.get("mode");
  const date = search.get("date") ?? "";
  return {
    mode: (CALENDAR_MODES as readonly string[]).includes(mode ?? "")
      ? (mode as CalendarMode)
      : defaultMode,
    date: isCalendarDate(date) ? date : today,
  };
}

/**
 * The address's query with the calendar's place written in. Once someone has moved in the
 * calendar both are written, so a reload or a shared link opens the same page on any screen.
 */
export function calendarSearch(place: CalendarPlace): string {
  return new URLSearchParams({ view: "calendar", mode: place.mode, date: place.date }).toString();
}
