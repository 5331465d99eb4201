import { AppointmentManageRoutes, createRescheduleSchema } from "@agency/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import {
  cancelBooking,
  getManagedBooking,
  type ManageOptions,
  type ManageTarget,
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
  const visitor = (request: FastifyRequest, token: string): ManageTarget => ({
    by: "visitor",
    token,
    ip: request.ip,
  });
  const staff = (request: FastifyRequest, id: string): ManageTarget => ({
    by: "staff",
    id,
    userId: principalOf(request).user.id,
    ip: request.ip,
  });
  /**
   * Makes a change (move or cancel) and answers with the response it stored: this attempt's,
   * or the first one's for a retry with its Idempotency-Key. The mails it queued go out soon.
   */
  const answerChange = async <Body, Answer extends { statusCode: 200; body: unknown }>(
    change: (
      db: DatabaseHandle["db"],
      target: ManageTarget,
      body: Body,
      options: ManageOptions,
    ) => Promise<Answer>,
    target: ManageTarget,
    body: Body,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    if (target.by === "visitor") privateAnswer(reply);
    const result = await change(db, target, body, options(request));
    app.mailer.deliverSoon();
    return reply.code(result.statusCode).send(result.body);
  };

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
    handler: async (request, reply) =>
      answerChange(
        cancelBooking,
        visitor(request, request.params.token),
        request.body,
        request,
        reply,
      ),
  });

  api.route({
    // The booking's clock rules (past days, started slots, the horizon) per request.
    ...routeOf(AppointmentManageRoutes.reschedule, {
      body: createRescheduleSchema(app.clock, app.config.bookingHorizonDays),
    }),
    config: { rateLimit: perAddressLimit(app, 10, 10 * 60 * 1000) },
    handler: async (request, reply) =>
      answerChange(
        rescheduleBooking,
        visitor(request, request.params.token),
        request.body,
        request,
        reply,
      ),
  });

  api.route({
    ...routeOf(AppointmentManageRoutes.staffMove, {
      body: createRescheduleSchema(app.clock, app.config.bookingHorizonDays),
    }),
    handler: async (request, reply) =>
      answerChange(
        rescheduleBooking,
        staff(request, request.params.id),
        request.body,
        request,
        reply,
      ),
  });

  api.route({
    ...routeOf(AppointmentManageRoutes.staffCancel),
    handler: async (request, reply) =>
      answerChange(cancelBooking, staff(request, request.params.id), request.body, request, reply),
  });
}
