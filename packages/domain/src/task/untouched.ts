import { isAgencyBusinessDay, nextAgencyBusinessDay } from "../appointment/reminders.ts";
import { parseCalendarDate } from "../calendar-date.ts";
import { agencyWallTimeToInstant, readAgencyWallClock } from "../time-zone.ts";

/**
 * A lead nobody has touched (issue 27 §2, decision 0067): still in "new" (no one has
 * decided anything about it), no open task, and a business day has passed since it came
 * in. "A business day" is the same time on the agency's next business day: a lead in on
 * Friday at 4 PM is untouched from Monday at 4 PM; one in on Saturday is counted from
 * Monday morning's start, so from Tuesday at midnight.
 */
export function untouchedSince(createdAt: string): Date | undefined {
  const created = new Date(createdAt);
  if (Number.isNaN(created.getTime())) return undefined;
  const clock = readAgencyWallClock(created);
  const isOpenDay = isAgencyBusinessDay(clock.date);
  // A lead in on a closed day is counted from the start of the next business day.
  const startDay = isOpenDay ? clock.date : nextAgencyBusinessDay(clock.date);
  const startMinutes = isOpenDay ? clock.hour * 60 + clock.minute : 0;
  const deadline = parseCalendarDate(nextAgencyBusinessDay(startDay));
  if (!deadline) return undefined;
  return agencyWallTimeToInstant(deadline, startMinutes);
}

export function isLeadUntouched(
  lead: { status: string; createdAt: string; hasOpenTask: boolean },
  now: Date,
): boolean {
  if (lead.status !== "new" || lead.hasOpenTask) return false;
  const since = untouchedSince(lead.createdAt);
  return since !== undefined && now.getTime() >= since.getTime();
}
