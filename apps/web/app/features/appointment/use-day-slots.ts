import {
  type CalendarDate,
  hasSlotStarted,
  isCalendarDate,
  TIME_SLOTS,
  type TimeSlot,
} from "@agency/domain";
import { useCallback, useEffect, useState } from "react";
import { type DaySlots, fetchDaySlots } from "./book-appointment";

export type DaySlotsState =
  | { status: "no-date" }
  | { status: "loading"; date: CalendarDate }
  | { status: "ready"; date: CalendarDate; day: DaySlots }
  | { status: "failed"; date: CalendarDate };

/** Wait this long after the date changes, so typing a year does not fetch every prefix. */
const FETCH_DELAY_MS = 150;

/**
 * The free slots of the chosen date, fetched again whenever the date changes and on
 * `refresh()` (after another visitor took a slot). While a refresh runs, the slots
 * already shown stay on screen.
 */
export function useDaySlots(date: string) {
  const [state, setState] = useState<DaySlotsState>({ status: "no-date" });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version asks for a new fetch.
  useEffect(() => {
    // A date input reports years like 0002 while the year is typed; wait for a real one.
    if (!isCalendarDate(date) || date < "2000-01-01") {
      setState({ status: "no-date" });
      return;
    }
    const controller = new AbortController();
    setState((previous) =>
      previous.status === "ready" && previous.date === date
        ? previous
        : { status: "loading", date },
    );
    const timer = window.setTimeout(() => {
      fetchDaySlots(date, controller.signal).then(
        (day) => setState(day ? { status: "ready", date, day } : { status: "failed", date }),
        () => undefined, // aborted: a newer date or refresh has taken over
      );
    }, FETCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [date, version]);

  const refresh = useCallback(() => setVersion((current) => current + 1), []);
  return { state, refresh };
}

export interface SlotChoice {
  time: TimeSlot;
  isSelectable: boolean;
  /** Why a slot of an open day cannot be chosen. */
  note?: "taken" | "passed";
}

/**
 * The slots (the profile's booking hours) as the form offers them for the chosen date. Nothing is selectable
 * before a date is chosen, while its slots load, or on a closed day; when the server
 * could not be asked, every slot that has not started is offered (the server decides).
 */
export function slotChoices(state: DaySlotsState, now: Date): SlotChoice[] {
  return TIME_SLOTS.map((time): SlotChoice => {
    if (state.status === "failed") {
      return hasSlotStarted(state.date, time, now)
        ? { time, isSelectable: false, note: "passed" }
        : { time, isSelectable: true };
    }
    if (state.status !== "ready" || state.day.closedReason) return { time, isSelectable: false };
    const isAvailable = state.day.slots.some((slot) => slot.time === time && slot.available);
    if (isAvailable) return { time, isSelectable: true };
    return {
      time,
      isSelectable: false,
      note: hasSlotStarted(state.date, time, now) ? "passed" : "taken",
    };
  });
}
