import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, formatCalendarDate, parseCalendarDate } from "../calendar-date.ts";
import { readAgencyWallClock } from "../time-zone.ts";
import { ListQuerySchema } from "./api.ts";
import {
  agencyDayStart,
  OVERVIEW_PERIOD_DAYS,
  overviewPeriod,
  RECEIVED_MESSAGES,
  receivedBounds,
  receivedDays,
  receivedFilterProblem,
} from "./received.ts";

const day = (text: string) => parseCalendarDate(text) ?? { year: 0, month: 0, day: 0 };

describe("agencyDayStart", () => {
  it.each([
    ["2026-11-24", "2026-11-24T06:00:00.000Z"],
    ["2026-07-01", "2026-07-01T05:00:00.000Z"],
    // DST starts 2026-03-08 at 2 AM: that day begins in CST, the next in CDT.
    ["2026-03-08", "2026-03-08T06:00:00.000Z"],
    ["2026-03-09", "2026-03-09T05:00:00.000Z"],
    // DST ends 2026-11-01 at 2 AM: that day begins in CDT and lasts 25 hours.
    ["2026-11-01", "2026-11-01T05:00:00.000Z"],
    ["2026-11-02", "2026-11-02T06:00:00.000Z"],
    ["2027-01-01", "2027-01-01T06:00:00.000Z"],
  ])("%s begins at %s", (date, instant) => {
    expect(agencyDayStart(day(date)).toISOString()).toBe(instant);
  });

  it("is midnight on the agency's clock, and a second earlier is the day before", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), (offset) => {
        const date = addDays({ year: 1990, month: 1, day: 1 }, offset);
        const start = agencyDayStart(date);
        expect(readAgencyWallClock(start)).toEqual({
          date: formatCalendarDate(date),
          hour: 0,
          minute: 0,
          second: 0,
        });
        expect(readAgencyWallClock(new Date(start.getTime() - 1000)).date).toBe(
          formatCalendarDate(addDays(date, -1)),
        );
      }),
    );
  });
});

describe("receivedDays and receivedBounds", () => {
  // Tuesday 2026-11-24, 00:30 CST: UTC already says the 24th at 06:30.
  const now = new Date("2026-11-24T06:30:00Z");

  it.each([
    [{ received: "today" as const }, { from: "2026-11-24", to: "2026-11-24" }],
    // Weeks begin on Sunday.
    [{ received: "this-week" as const }, { from: "2026-11-22", to: "2026-11-24" }],
    [{ received: "last-30-days" as const }, { from: "2026-10-26", to: "2026-11-24" }],
    [{ from: "2026-11-01" }, { from: "2026-11-01" }],
    [{ to: "2026-11-01" }, { to: "2026-11-01" }],
    [{}, {}],
  ])("%j covers %j", (filter, days) => {
    expect(receivedDays(filter, now)).toEqual(days);
  });

  it("uses the Central date, not the UTC one, at the edges of a day", () => {
    // 23:59 CST on the 23rd is the 24th in UTC.
    expect(receivedDays({ received: "today" }, new Date("2026-11-24T05:59:59Z"))).toEqual({
      from: "2026-11-23",
      to: "2026-11-23",
    });
  });

  it("turns Central days into UTC bounds, the end exclusive, across DST changes", () => {
    expect(receivedBounds({ received: "today" }, now)).toEqual({
      start: "2026-11-24T06:00:00.000Z",
      end: "2026-11-25T06:00:00.000Z",
    });
    expect(receivedBounds({ from: "2026-11-01", to: "2026-11-01" }, now)).toEqual({
      start: "2026-11-01T05:00:00.000Z",
      end: "2026-11-02T06:00:00.000Z",
    });
    expect(receivedBounds({ from: "2026-03-08", to: "2026-03-08" }, now)).toEqual({
      start: "2026-03-08T06:00:00.000Z",
      end: "2026-03-09T05:00:00.000Z",
    });
    expect(receivedBounds({ to: "9999-12-31" }, now)).toEqual({});
  });
});

describe("the list's date fields", () => {
  it.each([
    [{ received: "yesterday" }, RECEIVED_MESSAGES.preset],
    [{ from: "2026-02-30" }, RECEIVED_MESSAGES.from],
    [{ to: "11/24/2026" }, RECEIVED_MESSAGES.to],
  ])("%j is refused with %j", (query, message) => {
    const result = ListQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it("refuses a range that ends before it starts, or a preset with a range", () => {
    expect(receivedFilterProblem({ from: "2026-11-24", to: "2026-11-23" })).toBe(
      RECEIVED_MESSAGES.order,
    );
    expect(receivedFilterProblem({ received: "today", from: "2026-11-24" })).toBe(
      RECEIVED_MESSAGES.both,
    );
    expect(receivedFilterProblem({ from: "2026-11-24", to: "2026-11-24" })).toBeUndefined();
  });
});

describe("overviewPeriod (decision 0065)", () => {
  it("is the lists' last 30 Central days, its bounds their midnights across the DST change", () => {
    // Monday 2026-11-23, 00:30 CST (06:30 UTC); CDT ended on November 1.
    const now = new Date("2026-11-23T06:30:00Z");
    const period = overviewPeriod(now);
    const last30 = receivedDays({ received: "last-30-days" }, now);
    expect(period?.days).toHaveLength(OVERVIEW_PERIOD_DAYS);
    expect(period?.days[0]).toBe(last30.from);
    expect(period?.days.at(-1)).toBe(last30.to);
    expect(period?.bounds).toHaveLength(OVERVIEW_PERIOD_DAYS + 1);
    expect(period?.start).toBe("2026-10-25T05:00:00.000Z");
    expect(period?.end).toBe("2026-11-24T06:00:00.000Z");
    expect(period?.start).toBe(receivedBounds({ received: "last-30-days" }, now).start);
    expect(period?.end).toBe(receivedBounds({ received: "last-30-days" }, now).end);
    expect(period?.previousStart).toBe("2026-09-25T05:00:00.000Z");
    // Yesterday 23:30 CST and today 00:30 CST fall into the last two days.
    const at = (iso: string) =>
      (period?.bounds.findLastIndex((bound) => bound <= iso) ?? -1) as number;
    expect(period?.days[at("2026-11-23T05:30:00.000Z")]).toBe("2026-11-22");
    expect(period?.days[at("2026-11-23T06:30:00.000Z")]).toBe("2026-11-23");
  });
});
