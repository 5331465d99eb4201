import * as z from "zod";
import { AGENCY } from "../agency.ts";
import { isCalendarDate, isWeekend } from "../calendar-date.ts";
import { type Clock, readClock } from "../clock.ts";
import { federalHolidayName } from "../federal-holidays.ts";
import { cleanText } from "../sanitize.ts";
import { firstError } from "../schema-helpers.ts";
import { readAgencyWallClock } from "../time-zone.ts";
import { hasSlotStarted, MAX_AGENTS_PER_SLOT } from "./availability.ts";
import {
  CLOSURE_MAX_DAYS_AHEAD,
  CLOSURE_MESSAGES,
  CLOSURE_REASON_MAX_LENGTH,
} from "./closure-messages.ts";
import { isTimeSlot, slotStartMinutes, TIME_SLOTS, type TimeSlot } from "./options.ts";

/**
 * Closures (issue 15, decision 0034): staff close a whole day or a run of slots on one date
 * ("Office closed", "Training"). A closure from F to T closes every slot that starts at or
 * after F and before T, so `to` is a slot's start or the end of the last slot.
 */
export const CLOSURE_END_OF_DAY: TimeSlot = AGENCY.bookingDayEnd as TimeSlot;
export const CLOSURE_START_TIMES = TIME_SLOTS;
export const CLOSURE_END_TIMES: readonly TimeSlot[] = [...TIME_SLOTS.slice(1), CLOSURE_END_OF_DAY];
/** A slot's start, or the end of the last slot (CLOSURE_END_OF_DAY). */
export type ClosureEndTime = TimeSlot;

export const CAPACITY_MESSAGES = {
  required: "Agents per slot is required",
  notWhole: "Agents per slot must be a whole number",
  outOfRange: `Agents per slot must be between 1 and ${MAX_AGENTS_PER_SLOT}`,
  saved: (n: number) =>
    `Saved. Each time slot now takes up to ${n} ${n === 1 ? "appointment" : "appointments"}.`,
} as const;

/** "Agents per slot": a whole number from 1 to MAX_AGENTS_PER_SLOT. */
export const AgentsPerSlotSchema = z.object({
  agentsPerSlot: z
    .number({
      error: (issue) =>
        issue.input === undefined ? CAPACITY_MESSAGES.required : CAPACITY_MESSAGES.notWhole,
    })
    .int(firstError(CAPACITY_MESSAGES.notWhole))
    .min(1, firstError(CAPACITY_MESSAGES.outOfRange))
    .max(MAX_AGENTS_PER_SLOT, firstError(CAPACITY_MESSAGES.outOfRange)),
});
export type AgentsPerSlotInput = z.input<typeof AgentsPerSlotSchema>;

export const SchedulingSettingsSchema = z.object({
  agentsPerSlot: z.number(),
  maxAgentsPerSlot: z.number(),
  updatedAt: z.string().nullable(),
});
export type SchedulingSettings = z.output<typeof SchedulingSettingsSchema>;

/** The slots a closure covers: all of them for a whole day, else those starting in [from, to). */
export function closedSlots(closure: { from: string | null; to: string | null }): TimeSlot[] {
  if (closure.from === null || closure.to === null) return [...TIME_SLOTS];
  const from = minutesOf(closure.from);
  const to = minutesOf(closure.to);
  return TIME_SLOTS.filter((slot) => {
    const start = slotStartMinutes(slot);
    return start >= from && start < to;
  });
}

/** "01:00 PM" → 780; also the end of the day, CLOSURE_END_OF_DAY. */
function minutesOf(time: string): number {
  if (time === CLOSURE_END_OF_DAY) return slotStartMinutes(CLOSURE_END_OF_DAY);
  return isTimeSlot(time) ? slotStartMinutes(time) : Number.NaN;
}

function isEndTime(value: string): value is ClosureEndTime {
  return (CLOSURE_END_TIMES as readonly string[]).includes(value);
}

/** The last date a closure can be set on, as "YYYY-MM-DD". */
function lastClosureDate(today: string): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + CLOSURE_MAX_DAYS_AHEAD);
  return date.toISOString().slice(0, 10);
}

/** The clock-free rules of a closure's date: a real weekday that is not a federal holiday. */
function checkClosureDateStatic(date: string): string | undefined {
  if (date === "") return CLOSURE_MESSAGES.dateRequired;
  if (!isCalendarDate(date)) return CLOSURE_MESSAGES.dateInvalid;
  if (isWeekend(date)) return CLOSURE_MESSAGES.dateWeekend;
  const holiday = federalHolidayName(date);
  if (holiday !== undefined) return CLOSURE_MESSAGES.dateHoliday(holiday);
  return undefined;
}

/** Counts code points, not UTF-16 units: an emoji or a CJK letter is one character. */
const characterCount = (value: string) => [...value].length;

/**
 * A new closure: the date (Central calendar; today or later, within a year), whole day or a
 * from/to range of slot times, and a reason (cleaned, one line). With `now`, the clock rules
 * apply too (not in the past; not wholly before the current time today); the form uses the
 * schema without it for per-field hints.
 */
export function createClosureSchema(clock?: Clock) {
  return z
    .object({
      date: z
        .string({ error: CLOSURE_MESSAGES.dateRequired })
        .overwrite(cleanText)
        .superRefine((date, ctx) => {
          const problem = checkClosureDateStatic(date);
          if (problem) ctx.addIssue({ code: "custom", message: problem, input: date });
        }),
      allDay: z.boolean({ error: CLOSURE_MESSAGES.allDayRequired }),
      from: z.string({ error: CLOSURE_MESSAGES.fromInvalid }).nullish(),
      to: z.string({ error: CLOSURE_MESSAGES.toInvalid }).nullish(),
      reason: z
        .string({ error: CLOSURE_MESSAGES.reasonRequired })
        .overwrite(cleanText)
        .min(1, firstError(CLOSURE_MESSAGES.reasonRequired))
        .refine(
          (value) => characterCount(value) <= CLOSURE_REASON_MAX_LENGTH,
          firstError(CLOSURE_MESSAGES.reasonTooLong),
        ),
    })
    .superRefine((closure, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: "custom", path: [path], message });
      const from = closure.from ?? "";
      const to = closure.to ?? "";
      if (!closure.allDay) {
        if (from === "") issue("from", CLOSURE_MESSAGES.fromRequired);
        else if (!isTimeSlot(from)) issue("from", CLOSURE_MESSAGES.fromInvalid);
        if (to === "") issue("to", CLOSURE_MESSAGES.toRequired);
        else if (isTimeSlot(from) && minutesOf(to) <= minutesOf(from)) {
          issue("to", CLOSURE_MESSAGES.toBeforeFrom);
        } else if (!isEndTime(to)) issue("to", CLOSURE_MESSAGES.toInvalid);
      }
      if (clock === undefined || !isCalendarDate(closure.date)) return;
      const now = readClock(clock);
      const today = readAgencyWallClock(now).date;
      if (closure.date < today) issue("date", CLOSURE_MESSAGES.datePast);
      else if (closure.date > lastClosureDate(today)) issue("date", CLOSURE_MESSAGES.dateTooFar);
      else if (closure.date === today && !closure.allDay && isTimeSlot(from) && isEndTime(to)) {
        const slots = closedSlots({ from, to });
        const last = slots[slots.length - 1];
        if (last !== undefined && hasSlotStarted(closure.date, last, now)) {
          issue("from", CLOSURE_MESSAGES.timesPassed);
        }
      }
    })
    .transform((closure) => ({
      date: closure.date,
      from: closure.allDay ? null : ((closure.from ?? null) as TimeSlot | null),
      to: closure.allDay ? null : ((closure.to ?? null) as ClosureEndTime | null),
      reason: closure.reason,
    }));
}

/** Per-field hints in the form (no clock rules: the server applies them). */
export const ClosureSchema = createClosureSchema();
export type ClosureInput = z.input<typeof ClosureSchema>;
export type NewClosure = z.output<typeof ClosureSchema>;

/** A closure as the API returns it; `from`/`to` are null for a whole day. */
export const ClosureRecordSchema = z.object({
  _id: z.string(),
  date: z.string(),
  allDay: z.boolean(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  reason: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type ClosureRecord = z.output<typeof ClosureRecordSchema>;

/** An appointment already booked in a newly closed time: it stays, staff move or cancel it. */
export const AffectedAppointmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  date: z.string(),
  time: z.string(),
  status: z.string(),
});
export type AffectedAppointment = z.output<typeof AffectedAppointmentSchema>;

export const ClosureAddedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ClosureRecordSchema,
  affected: z.array(AffectedAppointmentSchema),
});
export type ClosureAdded = z.output<typeof ClosureAddedSchema>;
