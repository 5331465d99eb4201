import { createAppointmentSchema, isCalendarDate } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { principalOf } from "../auth/guard.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { deleteRecord } from "../lib/records.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { availableSlots, bookAppointment, listAppointments } from "./service.ts";

const IdParams = z.object({ id: z.string().min(1).max(100) });

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
      // The clock rules (past days, started slots) are evaluated when each request is parsed.
      schema: { body: createAppointmentSchema(app.clock), response: { 201: BookedSchema } },
      config: { rateLimit: perAddressLimit(app, 10, 10 * 60 * 1000) },
    },
    async (request, reply) => {
      const result = await bookAppointment(database.db, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
      });
      app.mailer.deliverDue();
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
      return availableSlots(database.db, request.query.date, app.clock());
    },
  );

  api.get(
    "/api/appointments/get-appointments",
    { preHandler: app.requireAdmin },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true, data: await listAppointments(database.db) };
    },
  );

  api.delete(
    "/api/appointments/delete-appointment/:id",
    { preHandler: app.requireAdmin, schema: { params: IdParams } },
    async (request) => {
      const { user } = principalOf(request);
      await deleteRecord(
        database.db,
        "appointments",
        request.params.id,
        { userId: user.id, ip: request.ip },
        "Appointment not found",
      );
      return { success: true };
    },
  );
}
