import {
  AppointmentManageRoutes,
  createRescheduleSchema,
  type ManageAnswer,
  type StaffMoveAnswer,
} from "@agency/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { principalOf } from "../auth/guard.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import {
  cancelBooking,
  getManagedBooking,
  type ManageOptions,
  rescheduleBooking,
} from "./manage.ts";

/**
 * A visitor's manage link (public, rate-limited like booking) and staff's move and cancel
 * (decision 0035): one service, so both follow the same rules.
 */
export function registerManageRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const options = (request: FastifyRequest): ManageOptions => ({
    idempotencyKey: request.headers["idempotency-key"],
    notifyEmail: app.config.agencyNotifyEmail,
    publicUrl: app.config.publicUrl,
    now: app.clock(),
  });
  // The link is a bearer secret in the path: no cache keeps the answer.
  const privateAnswer = (reply: FastifyReply) => reply.header("cache-control", "no-store");
  const staff = (request: FastifyRequest, id: string) => ({
    by: "staff" as const,
    id,
    userId: principalOf(request).user.id,
    ip: request.ip,
  });

  api.route({
    ...routeOf(AppointmentManageRoutes.booking),
    config: { rateLimit: perAddressLimit(app, 120, 60 * 1000) },
    handler: async (request, reply) => {
      privateAnswer(reply);
      return getManagedBooking(db, request.params.token, app.clock());
    },
  });

  api.route({
    ...routeOf(AppointmentManageRoutes.cancel),
    config: { rateLimit: perAddressLimit(app, 10, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      privateAnswer(reply);
      const target = { by: "visitor" as const, token: request.params.token, ip: request.ip };
      const result = await cancelBooking(db, target, request.body, options(request));
      app.mailer.deliverSoon();
      return reply.code(result.statusCode as 200).send(result.body as ManageAnswer);
    },
  });

  api.route({
    // The booking's clock rules (past days, started slots, the horizon) per request.
    ...routeOf(AppointmentManageRoutes.reschedule, {
      body: createRescheduleSchema(app.clock, app.config.bookingHorizonDays),
    }),
    config: { rateLimit: perAddressLimit(app, 10, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      privateAnswer(reply);
      const target = { by: "visitor" as const, token: request.params.token, ip: request.ip };
      const result = await rescheduleBooking(db, target, request.body, options(request));
      app.mailer.deliverSoon();
      return reply.code(result.statusCode as 200).send(result.body as ManageAnswer);
    },
  });

  api.route({
    ...routeOf(AppointmentManageRoutes.staffMove, {
      body: createRescheduleSchema(app.clock, app.config.bookingHorizonDays),
    }),
    handler: async (request, reply) => {
      const result = await rescheduleBooking(
        db,
        staff(request, request.params.id),
        request.body,
        options(request),
      );
      app.mailer.deliverSoon();
      return reply.code(result.statusCode as 200).send(result.body as StaffMoveAnswer);
    },
  });

  api.route({
    ...routeOf(AppointmentManageRoutes.staffCancel),
    handler: async (request, reply) => {
      const result = await cancelBooking(
        db,
        staff(request, request.params.id),
        request.body,
        options(request),
      );
      app.mailer.deliverSoon();
      return reply.code(result.statusCode as 200).send(result.body as ManageAnswer);
    },
  });
}
