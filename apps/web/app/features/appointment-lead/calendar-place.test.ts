import { describe, expect, it } from "vitest";
import { calendarSearch, isCalendarView, readCalendarPlace } from "./calendar-place";

const TODAY = "2026-11-24";
const read = (query: string, defaultMode: "week" | "day" = "week") =>
  readCalendarPlace(new URLSearchParams(query), TODAY, defaultMode);

describe("the calendar's place in the address", () => {
  it("is the calendar only with view=calendar", () => {
    expect(isCalendarView(new URLSearchParams("view=calendar"))).toBe(true);
    for (const query of ["", "view=list", "view=Calendar", "q=calendar"]) {
      expect(isCalendarView(new URLSearchParams(query))).toBe(false);
    }
  });

  it.each([
    ["view=calendar", "week", { mode: "week", date: TODAY }],
    ["view=calendar", "day", { mode: "day", date: TODAY }],
    ["view=calendar&mode=day&date=2026-12-01", "week", { mode: "day", date: "2026-12-01" }],
    ["view=calendar&mode=week&date=2027-01-04", "day", { mode: "week", date: "2027-01-04" }],
    ["view=calendar&mode=month&date=2026-02-30", "week", { mode: "week", date: TODAY }],
    ["view=calendar&mode=&date=%00", "day", { mode: "day", date: TODAY }],
  ] as const)("%s (a %s screen) opens %j", (query, defaultMode, place) => {
    expect(read(query, defaultMode)).toEqual(place);
  });

  it("writes the view, the mode and the date, and reads them back", () => {
    const place = { mode: "day", date: "2026-12-01" } as const;
    const search = calendarSearch(place);
    expect(search).toBe("view=calendar&mode=day&date=2026-12-01");
    expect(read(search, "week")).toEqual(place);
  });
});
