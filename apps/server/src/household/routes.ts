import { HOUSEHOLD_MESSAGES, HouseholdRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { changeRelationship, linkToHousehold, unlinkFromHousehold } from "./service.ts";

/** Linking people into one household, changing a relationship, unlinking (decision 0070). */
export function registerHouseholdRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof principalOf>[0]) => ({
    userId: principalOf(request).user.id,
    ip: request.ip,
  });

  api.route({
    ...routeOf(HouseholdRoutes.link),
    handler: async (request, reply) => {
      const data = await linkToHousehold(
        database,
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
      return reply
        .code(201)
        .send({ success: true as const, message: HOUSEHOLD_MESSAGES.linked, data });
    },
  });

  api.route({
    ...routeOf(HouseholdRoutes.change),
    handler: async (request) => {
      const data = await changeRelationship(
        database,
        request.params,
        request.body.relationship,
        actorOf(request),
        app.clock(),
      );
      return { success: true as const, message: HOUSEHOLD_MESSAGES.changed, data };
    },
  });

  api.route({
    ...routeOf(HouseholdRoutes.unlink),
    handler: async (request) => {
      const data = await unlinkFromHousehold(database, request.params, actorOf(request));
      return { success: true as const, message: HOUSEHOLD_MESSAGES.unlinked, data };
    },
  });
}
