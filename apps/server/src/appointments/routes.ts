import { APPOINTMENT_STATUSES, createAppointmentSchema, isCalendarDate } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "../db/database.ts";
import { registerLeadAdminRoutes } from "../lib/lead-admin-routes.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { availableSlots, bookAppointment, listAppointments } from "./service.ts";

const BookedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), date: z.string(), time: z.string(), service: z.string() }),
});

const SlotsQuerySchema = z.object({
  date: z
    .string({ error: "date is required (YYYY-MM-DD)" })
    .refine(isCalendarDate, { error: "date must be a calendar date (YYYY-MM-DD)" }),
});

const SlotsSchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ time: z.string(), available: z.boolean() })),
  closedReason: z.string().optional(),
});

export function registerAppointmentRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/appointments/add-appointment",
    {
      // The clock rules (past days, started slots, the horizon) are evaluated when each
      // request is parsed.
      schema: {
        body: createAppointmentSchema(app.clock, app.config.bookingHorizonDays),
        response: { 201: BookedSchema },
      },
      config: { rateLimit: perAddressLimit(app, 10, 10 * 60 * 1000) },
    },
    async (request, reply) => {
      const result = await bookAppointment(database.db, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
        engine: database.engine,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      return reply.code(result.statusCode as 201).send(result.body as z.input<typeof BookedSchema>);
    },
  );

  api.get(
    "/api/appointments/available-slots",
    {
      schema: { querystring: SlotsQuerySchema, response: { 200: SlotsSchema } },
      config: { rateLimit: perAddressLimit(app, 120, 60 * 1000) },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return availableSlots(
        database.db,
        request.query.date,
        app.clock(),
        app.config.bookingHorizonDays,
      );
    },
  );

  registerLeadAdminRoutes(app, database.db, {
    table: "appointments",
    kind: "appointments",
    statuses: APPOINTMENT_STATUSES,
    paths: {
      list: "/api/appointments/get-appointments",
      delete: "/api/appointments/delete-appointment/:id",
      status: "/api/appointments/:id/status",
      export: "/api/appointments/export.csv",
    },
    list: async (db, params) => {
      const { data, total } = await listAppointments(db, params);
      return { items: data, total };
    },
    wrap: (items) => ({ success: true, data: items }),
    notFoundMessage: "Appointment not found",
    csv: {
      header: [
        "id",
        "booked",
        "status",
        "name",
        "email",
        "phone",
        "date",
        "time",
        "service",
        "message",
      ],
      row: (a) => [
        a._id,
        a.createdAt,
        a.status,
        a.name,
        a.email,
        a.phone,
        a.date,
        a.time,
        a.service,
        a.message,
      ],
    },
  });
}
