import { CLOSURE_MESSAGES, createClosureSchema, SchedulingRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { readSchedulingSettings, updateAgentsPerSlot } from "./capacity.ts";
import { addClosure, listUpcomingClosures, removeClosure } from "./closures.ts";

/**
 * Settings' scheduling: agents per slot and closed days and hours (decision 0034). Every
 * change is audited in its own transaction and bites on the next booking or availability
 * request (nothing is cached).
 */
export function registerSchedulingRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const actorOf = (request: Parameters<typeof principalOf>[0]) => ({
    actorUserId: principalOf(request).user.id,
    ip: request.ip,
    now: app.clock(),
  });

  api.route({
    ...routeOf(SchedulingRoutes.capacity),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return readSchedulingSettings(db);
    },
  });

  api.route({
    ...routeOf(SchedulingRoutes.updateCapacity),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return updateAgentsPerSlot(db, request.body.agentsPerSlot, actorOf(request));
    },
  });

  api.route({
    ...routeOf(SchedulingRoutes.closures),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { data: await listUpcomingClosures(db, app.clock()) };
    },
  });

  api.route({
    // "Not in the past" is judged by the server's clock when each request is parsed.
    ...routeOf(SchedulingRoutes.addClosure, { body: createClosureSchema(app.clock) }),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { data, affected } = await addClosure(db, request.body, actorOf(request));
      const message =
        affected.length === 0
          ? CLOSURE_MESSAGES.added
          : CLOSURE_MESSAGES.addedWithBookings(affected.length);
      return reply.code(201).send({ success: true as const, message, data, affected });
    },
  });

  api.route({
    ...routeOf(SchedulingRoutes.deleteClosure),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      await removeClosure(db, request.params.id, actorOf(request));
      return { success: true as const, message: CLOSURE_MESSAGES.deleted };
    },
  });
}
