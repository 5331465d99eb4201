import {
  addDays,
  type CalendarDate,
  type CalendarDateParts,
  dayOfWeek,
  formatCalendarDate,
  parseCalendarDate,
} from "./calendar-date.ts";

export interface FederalHoliday {
  name: string;
  /** The holiday itself. */
  date: CalendarDate;
  /**
   * The weekday the office closes for it: a fixed-date holiday on a Saturday is
   * observed the Friday before, on a Sunday the Monday after; otherwise the same date.
   */
  observedDate: CalendarDate;
}

type HolidayRule =
  | { name: string; kind: "fixed"; month: number; day: number; since?: number }
  | { name: string; kind: "nth-weekday"; month: number; weekday: number; nth: number }
  | { name: string; kind: "last-weekday"; month: number; weekday: number };

const MONDAY = 1;
const THURSDAY = 4;

// 5 U.S.C. 6103. Juneteenth became a federal holiday in 2021; earlier years are not
// modelled in detail because appointments are only ever booked in the future.
const HOLIDAY_RULES: readonly HolidayRule[] = [
  { name: "New Year's Day", kind: "fixed", month: 1, day: 1 },
  { name: "Martin Luther King Jr. Day", kind: "nth-weekday", month: 1, weekday: MONDAY, nth: 3 },
  { name: "Presidents' Day", kind: "nth-weekday", month: 2, weekday: MONDAY, nth: 3 },
  { name: "Memorial Day", kind: "last-weekday", month: 5, weekday: MONDAY },
  { name: "Juneteenth", kind: "fixed", month: 6, day: 19, since: 2021 },
  { name: "Independence Day", kind: "fixed", month: 7, day: 4 },
  { name: "Labor Day", kind: "nth-weekday", month: 9, weekday: MONDAY, nth: 1 },
  { name: "Columbus Day", kind: "nth-weekday", month: 10, weekday: MONDAY, nth: 2 },
  { name: "Veterans Day", kind: "fixed", month: 11, day: 11 },
  { name: "Thanksgiving Day", kind: "nth-weekday", month: 11, weekday: THURSDAY, nth: 4 },
  { name: "Christmas Day", kind: "fixed", month: 12, day: 25 },
];

function observedFor(date: CalendarDateParts): CalendarDateParts {
  const weekday = dayOfWeek(date);
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

function dateFor(rule: HolidayRule, year: number): CalendarDateParts | undefined {
  switch (rule.kind) {
    case "fixed":
      if (rule.since !== undefined && year < rule.since) return undefined;
      return { year, month: rule.month, day: rule.day };
    case "nth-weekday": {
      const first = { year, month: rule.month, day: 1 };
      const offset = (rule.weekday - dayOfWeek(first) + 7) % 7;
      return addDays(first, offset + (rule.nth - 1) * 7);
    }
    case "last-weekday": {
      const nextMonthFirst = addDays({ year, month: rule.month, day: 1 }, 32);
      const last = addDays({ ...nextMonthFirst, day: 1 }, -1);
      const offset = (dayOfWeek(last) - rule.weekday + 7) % 7;
      return addDays(last, -offset);
    }
  }
}

/** The US federal holidays of one year, in calendar order. */
export function listFederalHolidays(year: number): FederalHoliday[] {
  const holidays: FederalHoliday[] = [];
  for (const rule of HOLIDAY_RULES) {
    const date = dateFor(rule, year);
    if (!date) continue;
    const observed = rule.kind === "fixed" ? observedFor(date) : date;
    holidays.push({
      name: rule.name,
      date: formatCalendarDate(date),
      observedDate: formatCalendarDate(observed),
    });
  }
  return holidays;
}

/**
 * The holiday the office is closed for on this date (the holiday itself or its observed
 * weekday), else undefined. Looks at the next year too: New Year's Day on a Saturday is
 * observed on 31 December of the year before.
 */
export function federalHolidayName(date: CalendarDate): string | undefined {
  const parts = parseCalendarDate(date);
  if (!parts) return undefined;
  for (const year of [parts.year, parts.year + 1]) {
    for (const holiday of listFederalHolidays(year)) {
      if (holiday.date === date || holiday.observedDate === date) return holiday.name;
    }
  }
  return undefined;
}
