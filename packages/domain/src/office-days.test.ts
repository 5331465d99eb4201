import { describe, expect, it } from "vitest";
import type { OpeningHours, Weekday } from "./derive-agency.ts";
import { openingHoursSentence } from "./office-days.ts";

const day = (name: Weekday, opens: string, closes: string): OpeningHours => ({
  day: name,
  opens,
  closes,
});
const weekdays = (opens: string, closes: string) =>
  (["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const).map((name) =>
    day(name, opens, closes),
  );

describe("openingHoursSentence", () => {
  it("says the sample's week as the hours page always did", () => {
    expect(
      openingHoursSentence([
        ...weekdays("09:00", "19:30"),
        day("Saturday", "13:00", "20:00"),
        day("Sunday", "13:00", "20:00"),
      ]),
    ).toBe(
      "open seven days a week, with evening hours on weekdays and afternoon and evening hours on weekends",
    );
  });

  it("follows other weeks", () => {
    expect(openingHoursSentence(weekdays("08:00", "17:00"))).toBe("open Monday to Friday");
    expect(
      openingHoursSentence([...weekdays("08:00", "17:00"), day("Saturday", "09:00", "12:00")]),
    ).toBe("open Monday to Saturday");
    expect(
      openingHoursSentence([day("Monday", "09:00", "17:00"), day("Thursday", "12:00", "20:00")]),
    ).toBe("open on Mondays and Thursdays");
  });
});
