/** A plain calendar date "YYYY-MM-DD" with no time and no time zone. */
export type CalendarDate = string;

export interface CalendarDateParts {
  year: number;
  month: number;
  day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return isLeap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The parts of a real calendar date in "YYYY-MM-DD" form, else undefined. */
export function parseCalendarDate(value: string): CalendarDateParts | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

export function isCalendarDate(value: string): boolean {
  return parseCalendarDate(value) !== undefined;
}

export function formatCalendarDate({ year, month, day }: CalendarDateParts): CalendarDate {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * 0 = Sunday … 6 = Saturday. Computed on the UTC calendar, which has no offsets, so the
 * answer never depends on the process time zone. setUTCFullYear keeps years below 100
 * literal (Date.UTC would map them to 19xx).
 */
export function dayOfWeek({ year, month, day }: CalendarDateParts): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCDay();
}

/** True for a Saturday or Sunday; false for anything that is not a calendar date. */
export function isWeekend(date: CalendarDate): boolean {
  const parts = parseCalendarDate(date);
  if (!parts) return false;
  const weekday = dayOfWeek(parts);
  return weekday === 0 || weekday === 6;
}

export function addDays(parts: CalendarDateParts, days: number): CalendarDateParts {
  const date = new Date(0);
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day + days);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}
