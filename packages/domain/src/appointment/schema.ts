import * as z from "zod";
import { type Clock, readClock, systemClock } from "../clock.ts";
import { LEAD_SOURCE_FIELD } from "../lead/first-touch-schema.ts";
import { PRIVACY_FIELD } from "../privacy/schema.ts";
import { cleanText } from "../sanitize.ts";
import {
  choiceOf,
  emailAddress,
  firstError,
  optionalText,
  phoneNumber,
} from "../schema-helpers.ts";
import {
  checkAppointmentDate,
  checkAppointmentDateStatic,
  DEFAULT_BOOKING_HORIZON_DAYS,
  hasSlotStarted,
} from "./availability.ts";
import { APPOINTMENT_FIELD_MESSAGES as M } from "./messages.ts";
import { APPOINTMENT_SERVICES, isTimeSlot, TIME_SLOTS } from "./options.ts";

export const APPOINTMENT_LIMITS = {
  nameMinLength: 2,
  nameMaxLength: 50,
  /** "under 100 characters" */
  emailMaxLength: 99,
  /** "under 1000 characters"; the markup's minimum of 10 is not applied (decision 0003). */
  messageMaxLength: 999,
} as const;

// Letters of any script (with combining marks), spaces, hyphens, straight and curly apostrophes.
const NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;

function appointmentDate(clock: Clock | undefined, horizonDays: number) {
  return z
    .string({ error: M.dateRequired })
    .overwrite(cleanText)
    .superRefine((date, ctx) => {
      const message =
        clock === undefined
          ? checkAppointmentDateStatic(date)
          : checkAppointmentDate(date, readClock(clock), horizonDays);
      if (message !== undefined) ctx.addIssue({ code: "custom", message, input: date });
    });
}

function appointmentShape(clock: Clock | undefined, horizonDays = DEFAULT_BOOKING_HORIZON_DAYS) {
  return {
    name: z
      .string({ error: M.nameRequired })
      .overwrite(cleanText)
      .min(1, firstError(M.nameRequired))
      .min(APPOINTMENT_LIMITS.nameMinLength, firstError(M.nameTooShort))
      .max(APPOINTMENT_LIMITS.nameMaxLength, firstError(M.nameTooLong))
      .regex(NAME_PATTERN, firstError(M.nameInvalid)),
    email: emailAddress(
      { required: M.emailRequired, invalid: M.emailInvalid, tooLong: M.emailTooLong },
      APPOINTMENT_LIMITS.emailMaxLength,
    ),
    phone: phoneNumber({ required: M.phoneRequired, invalid: M.phoneInvalid }),
    date: appointmentDate(clock, horizonDays),
    time: choiceOf(TIME_SLOTS, { required: M.timeRequired, invalid: M.timeInvalid }),
    service: choiceOf(APPOINTMENT_SERVICES, {
      required: M.serviceRequired,
      invalid: M.serviceRequired,
    }),
    message: optionalText(
      APPOINTMENT_LIMITS.messageMaxLength,
      M.messageTooLong,
      M.messageInvalid,
      "multiline",
    ).default(""),
    // Where the visitor first came from (decision 0074); staff entries ignore it.
    ...LEAD_SOURCE_FIELD,
    // The notice shown and the optional call/text consent (decision 0080).
    ...PRIVACY_FIELD,
  };
}

/** The rules that hold at any time: use it for per-field checks in the form. */
export const AppointmentSchema = z.object(appointmentShape(undefined));

/**
 * Adds the clock's rules: the date is today or later in Chicago and within the booking
 * horizon (`horizonDays`, default 90), and on today's date the slot has not started yet. The slot rule runs whenever date and time are themselves
 * valid, even if another field is not, so all messages appear together.
 */
export function createAppointmentSchema(
  clock: Clock = systemClock,
  horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS,
) {
  return z.object(appointmentShape(clock, horizonDays)).superRefine(
    (appointment, ctx) => {
      const { date, time } = appointment;
      if (isTimeSlot(time) && hasSlotStarted(date, time, readClock(clock))) {
        ctx.addIssue({ code: "custom", message: M.timePassed, path: ["time"], input: time });
      }
    },
    {
      when: (payload) =>
        !payload.issues.some((issue) => {
          const field = issue.path?.[0];
          return field === undefined || field === "date" || field === "time";
        }),
    },
  );
}

/**
 * A new date and time for a booking (the manage page's reschedule, staff's "Move"): the
 * same date and slot rules as a booking, clock rules included.
 */
export function createRescheduleSchema(
  clock: Clock = systemClock,
  horizonDays: number = DEFAULT_BOOKING_HORIZON_DAYS,
) {
  const { date, time } = appointmentShape(clock, horizonDays);
  return z.object({ date, time }).superRefine(
    (slot, ctx) => {
      if (isTimeSlot(slot.time) && hasSlotStarted(slot.date, slot.time, readClock(clock))) {
        ctx.addIssue({ code: "custom", message: M.timePassed, path: ["time"], input: slot.time });
      }
    },
    { when: (payload) => payload.issues.length === 0 },
  );
}

/** The reschedule body's shape without the clock (the contract and the form's fields). */
export const RescheduleSchema = z.object({
  date: AppointmentSchema.shape.date,
  time: AppointmentSchema.shape.time,
});
export type Reschedule = z.output<typeof RescheduleSchema>;

export type Appointment = z.output<typeof AppointmentSchema>;
export type AppointmentInput = z.input<typeof AppointmentSchema>;
