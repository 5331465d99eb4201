import { AGENCY, formatPhone, phoneDigits } from "@agency/domain";
import type { ApiFailure } from "./api";

/** Times are shown on the agency's clock, whatever the browser's zone, with its label. */
const dateTime = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY.timeZone,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});
const shortDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
});

/** "Jan 5, 2026, 2:30 PM CST" (Central Time, CST or CDT as that day had it). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A calendar date ("2026-01-05") as "Jan 5". */
export function formatCalendarDay(calendarDate: string): string {
  const date = new Date(`${calendarDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? calendarDate : shortDate.format(date);
}

const fullDate = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  year: "numeric",
  month: "short",
  day: "numeric",
});

/** A calendar date ("2026-01-05") as "Jan 5, 2026": a policy's dates span years. */
export function formatFullDay(calendarDate: string): string {
  const date = new Date(`${calendarDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? calendarDate : fullDate.format(date);
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "5 minutes ago", "yesterday", "3 days ago". */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["second", 60],
    ["minute", 60],
    ["hour", 24],
    ["day", 30],
    ["month", 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relative.format(unit === "second" ? 0 : value, unit);
    value = Math.round(value / size);
  }
  return relative.format(value, "year");
}

/** A file's size as people read it: "812 bytes", "340 KB", "2.4 MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return plural(bytes, "byte");
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb).toLocaleString("en-US")} KB`;
  const mb = kb / 1024;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString("en-US")} MB`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/**
 * The reason inside the spec's "Failed to … : {message}" texts when the server's answer has
 * no words of its own (errorText reads them first): it could not be reached, or its status.
 */
export function silentFailureText(failure: ApiFailure): string {
  if (failure.status === undefined) return "The server could not be reached";
  return `The server answered ${failure.status}`;
}

/** "(612) 555-0199" for a 10-digit number; anything else as stored. */
export function displayPhone(phone: string): string {
  return phoneDigits(phone).length === 10 ? formatPhone(phone) : phone;
}
