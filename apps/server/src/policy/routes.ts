import { PolicyRoutes } from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { writeViewAudit } from "../audit/audit.ts";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { getPolicy, issuePolicy, listPersonPolicies, movePolicy, updatePolicy } from "./service.ts";

const actorOf = (request: FastifyRequest) => ({
  userId: principalOf(request).user.id,
  ip: request.ip,
});

/**
 * Policies (issue 28 §1, decision 0072): issue, read, change, cancel, non-renew, reinstate,
 * and a person's list. The guard enforces each route's permission.
 */
export function registerPolicyRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.route({
    ...routeOf(PolicyRoutes.issue),
    handler: async (request, reply) => {
      const result = await issuePolicy(database, {
        route: PolicyRoutes.issue,
        idempotencyKey: request.headers["idempotency-key"],
        body: request.body,
        actor: actorOf(request),
        now: app.clock(),
      });
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    ...routeOf(PolicyRoutes.one),
    handler: async (request, reply) => {
      const data = await getPolicy(db, request.params.id);
      await writeViewAudit(db, {
        actorUserId: principalOf(request).user.id,
        target: { type: "policy", id: request.params.id },
        ip: request.ip,
      });
      reply.header("cache-control", "no-store");
      return { success: true as const, data };
    },
  });

  api.route({
    ...routeOf(PolicyRoutes.ofPerson),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await listPersonPolicies(db, request.params.id) };
    },
  });

  api.route({
    ...routeOf(PolicyRoutes.update),
    handler: async (request) => ({
      success: true as const,
      data: await updatePolicy(
        database,
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      ),
    }),
  });

  api.route({
    ...routeOf(PolicyRoutes.cancel),
    handler: async (request) => ({
      success: true as const,
      data: await movePolicy(
        database,
        request.params.id,
        "cancel",
        request.body,
        actorOf(request),
        app.clock(),
      ),
    }),
  });

  api.route({
    ...routeOf(PolicyRoutes.nonRenew),
    handler: async (request) => ({
      success: true as const,
      data: await movePolicy(
        database,
        request.params.id,
        "non-renew",
        null,
        actorOf(request),
        app.clock(),
      ),
    }),
  });

  api.route({
    ...routeOf(PolicyRoutes.reinstate),
    handler: async (request) => ({
      success: true as const,
      data: await movePolicy(
        database,
        request.params.id,
        "reinstate",
        null,
        actorOf(request),
        app.clock(),
      ),
    }),
  });
}
