import { describe, expect, it } from "vitest";
import {
  AGENCY_TIME_ZONE,
  formatAgencyTimestamp,
  readAgencyWallClock,
  todayInAgencyZone,
} from "./time-zone.ts";

describe("todayInAgencyZone", () => {
  it("uses America/Chicago", () => {
    expect(AGENCY_TIME_ZONE).toBe("America/Chicago");
  });

  it.each([
    // 23:30 CST on Sunday: the UTC date has already moved on.
    ["2026-11-23T05:30:00Z", "2026-11-22"],
    ["2026-11-23T05:59:59Z", "2026-11-22"],
    ["2026-11-23T06:00:00Z", "2026-11-23"],
    // CDT (UTC-5) midnight.
    ["2026-07-01T04:59:59Z", "2026-06-30"],
    ["2026-07-01T05:00:00Z", "2026-07-01"],
    // The year turns six hours after UTC's.
    ["2027-01-01T05:59:59.999Z", "2026-12-31"],
    ["2027-01-01T06:00:00Z", "2027-01-01"],
    // DST starts 2026-03-08 at 02:00 CST; the day before ends at 06:00Z.
    ["2026-03-08T05:59:59Z", "2026-03-07"],
    ["2026-03-08T06:00:00Z", "2026-03-08"],
    // DST ends 2026-11-01 at 02:00 CDT; that day began at 05:00Z.
    ["2026-11-01T04:59:59Z", "2026-10-31"],
    ["2026-11-01T05:00:00Z", "2026-11-01"],
  ])("%s is %s in Chicago", (instant, date) => {
    expect(todayInAgencyZone(new Date(instant))).toBe(date);
  });
});

describe("readAgencyWallClock", () => {
  it.each([
    ["2026-11-23T06:00:00Z", { date: "2026-11-23", hour: 0, minute: 0, second: 0 }],
    ["2026-11-23T15:00:01Z", { date: "2026-11-23", hour: 9, minute: 0, second: 1 }],
    // Spring forward: 01:59:59 CST is followed by 03:00:00 CDT.
    ["2026-03-08T07:59:59Z", { date: "2026-03-08", hour: 1, minute: 59, second: 59 }],
    ["2026-03-08T08:00:00Z", { date: "2026-03-08", hour: 3, minute: 0, second: 0 }],
    // Fall back: 01:59:59 CDT is followed by 01:00:00 CST.
    ["2026-11-01T06:59:59Z", { date: "2026-11-01", hour: 1, minute: 59, second: 59 }],
    ["2026-11-01T07:00:00Z", { date: "2026-11-01", hour: 1, minute: 0, second: 0 }],
    ["2026-07-15T14:00:00Z", { date: "2026-07-15", hour: 9, minute: 0, second: 0 }],
    ["2026-01-15T15:00:00Z", { date: "2026-01-15", hour: 9, minute: 0, second: 0 }],
  ])("%s reads %o", (instant, clock) => {
    expect(readAgencyWallClock(new Date(instant))).toEqual(clock);
  });
});

describe("formatAgencyTimestamp", () => {
  it.each([
    ["2026-11-24T15:05:00.000Z", "2026-11-24T09:05:00-06:00"],
    ["2026-07-01T04:59:59.999Z", "2026-06-30T23:59:59-05:00"],
    // Either side of the spring-forward and fall-back changes.
    ["2026-03-08T07:59:59Z", "2026-03-08T01:59:59-06:00"],
    ["2026-03-08T08:00:00Z", "2026-03-08T03:00:00-05:00"],
    ["2026-11-01T06:59:59Z", "2026-11-01T01:59:59-05:00"],
    ["2026-11-01T07:00:00Z", "2026-11-01T01:00:00-06:00"],
  ])("%s is %s", (iso, expected) => {
    expect(formatAgencyTimestamp(iso)).toBe(expected);
    expect(new Date(formatAgencyTimestamp(iso)).getTime()).toBe(
      Math.floor(new Date(iso).getTime() / 1000) * 1000,
    );
  });

  it("leaves what is not a date alone", () => {
    expect(formatAgencyTimestamp("")).toBe("");
    expect(formatAgencyTimestamp("soon")).toBe("soon");
  });
});
