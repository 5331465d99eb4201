/**
 * The opening hours in a sentence ("open seven days a week, with evening hours on weekdays and
 * afternoon and evening hours on weekends"), from the profile's openingHours, so no page
 * repeats the sample's week in its text (issue 26).
 */
import type { OpeningHours, Weekday } from "./derive-agency.ts";

const WEEKDAYS: readonly Weekday[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const WEEKEND: readonly Weekday[] = ["Saturday", "Sunday"];
const WEEK: readonly Weekday[] = [...WEEKDAYS, ...WEEKEND];

/** Opens at noon or later: "afternoon"; still open after 6 PM: "evening". */
function partsOfDay(days: readonly OpeningHours[]): string | undefined {
  if (days.length === 0) return undefined;
  const afternoon = days.every((day) => day.opens >= "12:00");
  const evening = days.every((day) => day.closes > "18:00");
  if (afternoon && evening) return "afternoon and evening hours";
  if (afternoon) return "afternoon hours";
  if (evening) return "evening hours";
  return undefined;
}

function list(items: readonly string[]): string {
  if (items.length <= 2) return items.join(" and ");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** "seven days a week", "Monday to Friday", "Monday to Saturday" or the open days by name. */
export function openDaysPhrase(hours: readonly OpeningHours[]): string {
  const open = WEEK.filter((day) => hours.some((entry) => entry.day === day));
  if (open.length === 7) return "seven days a week";
  const run = WEEK.slice(
    WEEK.indexOf(open[0] ?? "Monday"),
    WEEK.indexOf(open.at(-1) ?? "Monday") + 1,
  );
  if (open.length > 2 && run.length === open.length) return `${open[0]} to ${open.at(-1)}`;
  return `on ${list(open.map((day) => `${day}s`))}`;
}

/**
 * "open seven days a week, with evening hours on weekdays and afternoon and evening hours on
 * weekends": what the hours page says of the week.
 */
export function openingHoursSentence(hours: readonly OpeningHours[]): string {
  const weekdays = hours.filter((entry) => WEEKDAYS.includes(entry.day));
  const weekend = hours.filter((entry) => WEEKEND.includes(entry.day));
  const extras = [
    [partsOfDay(weekdays), "weekdays"],
    [partsOfDay(weekend), "weekends"],
  ]
    .filter(([parts]) => parts !== undefined)
    .map(([parts, days]) => `${parts} on ${days}`);
  const days = openDaysPhrase(hours);
  return `open ${days}${extras.length > 0 ? `, with ${list(extras)}` : ""}`;
}
