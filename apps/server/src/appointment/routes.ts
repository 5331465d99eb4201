import {
  APPOINTMENT_STATUSES,
  AppointmentRoutes,
  createAppointmentSchema,
  formatAgencyTimestamp,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { registerLeadAdminRoutes, registerLeadWorkRoutes } from "../lead/index.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { registerLeadEmailRoutes } from "../staff-email/index.ts";
import { registerManageRoutes } from "./manage-routes.ts";
import {
  APPOINTMENT_HOOKS,
  appointmentBatches,
  appointmentCalendar,
  appointmentPage,
  availableSlots,
  bookAppointment,
  findAppointment,
  readAppointments,
  todaySchedule,
} from "./service.ts";

export function registerAppointmentRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    // The clock rules (past days, started slots, the horizon) are evaluated when each
    // request is parsed.
    ...routeOf(AppointmentRoutes.book, {
      body: createAppointmentSchema(app.clock, app.config.bookingHorizonDays),
    }),
    config: { rateLimit: perAddressLimit(app, 10, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      const result = await bookAppointment(database.db, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
        engine: database.engine,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    ...routeOf(AppointmentRoutes.slots),
    config: { rateLimit: perAddressLimit(app, 120, 60 * 1000) },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return availableSlots(
        database.db,
        request.query.date,
        app.clock(),
        app.config.bookingHorizonDays,
      );
    },
  });

  api.route({
    ...routeOf(AppointmentRoutes.calendar),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return appointmentCalendar(database.db, request.query.from, request.query.to);
    },
  });

  api.route({
    ...routeOf(AppointmentRoutes.today),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return todaySchedule(database.db, app.clock());
    },
  });

  registerManageRoutes(app, database);
  registerLeadWorkRoutes(app, database.db, { table: "appointments", routes: AppointmentRoutes });
  registerLeadEmailRoutes(app, database.db, { table: "appointments", routes: AppointmentRoutes });
  registerLeadAdminRoutes(app, database.db, {
    table: "appointments",
    kind: "appointments",
    statuses: APPOINTMENT_STATUSES,
    routes: AppointmentRoutes,
    page: appointmentPage,
    read: readAppointments,
    batches: appointmentBatches,
    find: findAppointment,
    wrap: (items) => ({ success: true, data: items }),
    notFoundMessage: "Appointment not found",
    hooks: APPOINTMENT_HOOKS,
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
        formatAgencyTimestamp(a.createdAt),
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
