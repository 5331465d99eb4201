import { AGENCY } from "../agency.ts";
import { formatAgencyWhen, formatLongDate } from "../appointment/reminders.ts";
import { addDays, type CalendarDate, dayOfWeek, parseCalendarDate } from "../calendar-date.ts";
import type { OpeningHours } from "../derive-agency.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { agencyWallTimeToInstant, readAgencyWallClock } from "../time-zone.ts";
import { TASK_SUBJECT_LABELS, type TaskSubjectKind } from "./schema.ts";

/** Where a task's record is in the dashboard. */
export function taskSubjectPath(kind: TaskSubjectKind, id: string): string {
  const view = {
    quote: "quotes",
    contact: "contacts",
    appointment: "appointments",
    person: "people",
    service: "service",
  };
  return `/dashboard/${view[kind]}/${encodeURIComponent(id)}`;
}

const minutesOf = (time: string) => {
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return hour * 60 + minute;
};

/**
 * The day whose morning list of tasks is due at `now` (decision 0067): an office day (the
 * profile has hours for that weekday, and it is no federal holiday), from the agency's
 * opening time until its closing time. Outside those hours, or on a closed day, none: a
 * list missed during a whole day's outage is not sent the next day (that day has its own).
 */
export function dueTaskDayList(
  now: Date,
  openingHours: readonly OpeningHours[] = AGENCY.openingHours,
): CalendarDate | undefined {
  const clock = readAgencyWallClock(now);
  const parts = parseCalendarDate(clock.date);
  if (!parts || federalHolidayName(clock.date)) return undefined;
  // dayOfWeek: 0 is Sunday; WEEKDAYS start on Monday.
  const names = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  const hours = openingHours.find((h) => h.day === names[dayOfWeek(parts)]);
  if (!hours) return undefined;
  const minutes = clock.hour * 60 + clock.minute;
  return minutes >= minutesOf(hours.opens) && minutes < minutesOf(hours.closes)
    ? clock.date
    : undefined;
}

/** The instant a Central day ends (the next day's midnight): tasks due before it are listed. */
export function endOfAgencyDay(day: CalendarDate): string {
  const parts = parseCalendarDate(day);
  if (!parts) throw new Error(`not a calendar date: ${day}`);
  return agencyWallTimeToInstant(addDays(parts, 1), 0).toISOString();
}

export type TaskMailItem = {
  text: string;
  dueAt: string;
  subject: { kind: TaskSubjectKind; id: string; name: string };
};

const lineOf = (item: TaskMailItem, siteUrl: string) => {
  const about = item.subject.name
    ? `${TASK_SUBJECT_LABELS[item.subject.kind]}: ${item.subject.name}`
    : TASK_SUBJECT_LABELS[item.subject.kind];
  // The text's first line: a task's further lines are on its page.
  const text = item.text.split("\n")[0] ?? "";
  return [
    `- ${text}`,
    `  Due ${formatAgencyWhen(new Date(item.dueAt))}`,
    `  ${about}, ${siteUrl}${taskSubjectPath(item.subject.kind, item.subject.id)}`,
  ];
};

/** Wording of an assignee's morning list and of a task given to them by someone else. */
export const TASK_MAIL_MESSAGES = {
  dayListSubject: (day: CalendarDate, count: number) =>
    `Your tasks for ${formatLongDate(day)}: ${count} ${count === 1 ? "task" : "tasks"}`,
  dayListText: (
    day: CalendarDate,
    overdue: readonly TaskMailItem[],
    today: readonly TaskMailItem[],
    siteUrl: string,
  ) =>
    [
      "Good morning,",
      "",
      ...(overdue.length ? ["Overdue:", ...overdue.flatMap((i) => lineOf(i, siteUrl)), ""] : []),
      ...(today.length
        ? [`Due today, ${formatLongDate(day)}:`, ...today.flatMap((i) => lineOf(i, siteUrl)), ""]
        : []),
      `All your tasks: ${siteUrl}/dashboard/tasks`,
      "",
      AGENCY.name,
    ].join("\n"),
  assignedSubject: (byName: string) => `${byName} gave you a task`,
  assignedText: (byName: string, item: TaskMailItem, siteUrl: string) =>
    [
      "Hello,",
      "",
      `${byName} gave you a task:`,
      "",
      ...lineOf(item, siteUrl),
      "",
      `All your tasks: ${siteUrl}/dashboard/tasks`,
      "",
      AGENCY.name,
    ].join("\n"),
} as const;
