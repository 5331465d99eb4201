import * as z from "zod";
import { createdAnswer } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { isCalendarDate } from "../calendar-date.ts";
import { LEAD_RECORD_FIELDS, leadAdminRoutes, leadListAnswer } from "../lead/api.ts";
import { leadWorkRoutes } from "../lead/work-api.ts";
import { leadEmailRoutes } from "../staff-email/api.ts";
import {
  CALENDAR_MAX_DAYS,
  CalendarQuerySchema,
  CalendarSchema,
  TodayScheduleSchema,
} from "./calendar.ts";
import { AppointmentSchema } from "./schema.ts";

export const AppointmentBookedSchema = createdAnswer({
  date: z.string(),
  time: z.string(),
  service: z.string(),
});
export type AppointmentBooked = z.output<typeof AppointmentBookedSchema>;

export const SlotsQuerySchema = z.object({
  date: z
    .string({ error: "date is required (YYYY-MM-DD)" })
    .refine(isCalendarDate, { error: "date must be a calendar date (YYYY-MM-DD)" }),
});

/** One day's slots (no personal data); `closedReason` when the agency is closed that day. */
export const DaySlotsSchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), available: z.boolean() })),
  closedReason: z.string().optional(),
});
export type DaySlots = z.output<typeof DaySlotsSchema>;

/** A stored appointment as the API returns it (the dashboard's list). */
export const AppointmentRecordSchema = z.object({
  ...LEAD_RECORD_FIELDS,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  date: z.string(),
  time: z.string(),
  service: z.string(),
  message: z.string(),
  /** A move (decision 0035): the appointment this one replaced, and the one that replaced it. */
  rescheduledFrom: z.string().nullable().optional(),
  rescheduledTo: z.string().nullable().optional(),
  /** Why it was cancelled, when the visitor or staff said (cancelled by its link or "Cancel appointment"). */
  cancelReason: z.string().nullable().optional(),
});
export type AppointmentRecord = z.output<typeof AppointmentRecordSchema>;

export const AppointmentListSchema = leadListAnswer(AppointmentRecordSchema);
export type AppointmentList = z.output<typeof AppointmentListSchema>;

export const AppointmentRoutes = {
  /** The server binds the body's clock rules (past days, the horizon) per request. */
  book: defineRoute({
    method: "POST",
    path: "/api/appointments/add-appointment",
    summary: "Book an appointment (409 when the slot is taken)",
    access: "public",
    body: AppointmentSchema,
    responses: { 201: AppointmentBookedSchema },
  }),
  slots: defineRoute({
    method: "GET",
    path: "/api/appointments/available-slots",
    summary: "The bookable times of one day",
    access: "public",
    query: SlotsQuerySchema,
    responses: { 200: DaySlotsSchema },
  }),
  /** The staff calendar: the same permission as the appointments list. */
  calendar: defineRoute({
    method: "GET",
    path: "/api/appointments/calendar",
    summary: `Live appointments of Central days from..to (inclusive, at most ${CALENDAR_MAX_DAYS}), every status, by date and time`,
    access: "leads.view",
    query: CalendarQuerySchema,
    responses: { 200: CalendarSchema },
  }),
  today: defineRoute({
    method: "GET",
    path: "/api/appointments/today",
    summary: "Today's live appointments (Central calendar) in time order: the overview's schedule",
    access: "leads.view",
    responses: { 200: TodayScheduleSchema },
  }),
  ...leadAdminRoutes({
    label: "appointments",
    paths: {
      list: "/api/appointments/get-appointments",
      export: "/api/appointments/export.csv",
      one: "/api/appointments/:id",
      delete: "/api/appointments/delete-appointment/:id",
      status: "/api/appointments/:id/status",
      restore: "/api/appointments/:id/restore",
    },
    list: AppointmentListSchema,
    record: AppointmentRecordSchema,
  }),
  ...leadWorkRoutes({ label: "appointments", base: "/api/appointments" }),
  ...leadEmailRoutes({ label: "appointments", base: "/api/appointments" }),
};
