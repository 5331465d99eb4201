import { AppointmentRoutes, ContactRoutes, QuoteRoutes, RenewalRoutes } from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import type { XDateLeadKind } from "./renewal-repository.ts";
import {
  getXDate,
  listRenewals,
  readRenewalTaskDays,
  renewPolicy,
  setRenewalState,
  setXDate,
  updateRenewalTaskDays,
} from "./renewals.ts";

const actorOf = (request: FastifyRequest) => ({
  userId: principalOf(request).user.id,
  ip: request.ip,
});

/**
 * Renewals and X-dates (issue 28 §2, decision 0073): the renewals list, renewing a term,
 * its renewal state, the renewal task's days, and a lost lead's X-date.
 */
export function registerRenewalRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.route({
    ...routeOf(RenewalRoutes.list),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listRenewals(db, request.query, app.clock());
    },
  });
  api.route({
    ...routeOf(RenewalRoutes.renew),
    handler: async (request, reply) => {
      const result = await renewPolicy(database, {
        route: RenewalRoutes.renew,
        idempotencyKey: request.headers["idempotency-key"],
        id: request.params.id,
        body: request.body,
        actor: actorOf(request),
        now: app.clock(),
      });
      return reply.code(result.statusCode).send(result.body);
    },
  });
  api.route({
    ...routeOf(RenewalRoutes.setState),
    handler: async (request) => ({
      success: true as const,
      data: await setRenewalState(
        database,
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      ),
    }),
  });
  api.route({
    ...routeOf(RenewalRoutes.settings),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await readRenewalTaskDays(db) };
    },
  });
  api.route({
    ...routeOf(RenewalRoutes.updateSettings),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        success: true as const,
        data: await updateRenewalTaskDays(db, request.body.days, actorOf(request), app.clock()),
      };
    },
  });

  const leadRoutes: [XDateLeadKind, typeof ContactRoutes][] = [
    ["quote", QuoteRoutes as unknown as typeof ContactRoutes],
    ["contact", ContactRoutes],
    ["appointment", AppointmentRoutes as unknown as typeof ContactRoutes],
  ];
  for (const [kind, routes] of leadRoutes) {
    api.route({
      ...routeOf(routes.xDate),
      handler: async (request, reply) => {
        reply.header("cache-control", "no-store");
        return { success: true as const, data: await getXDate(db, kind, request.params.id) };
      },
    });
    api.route({
      ...routeOf(routes.setXDate),
      handler: async (request) => ({
        success: true as const,
        data: await setXDate(
          db,
          kind,
          request.params.id,
          request.body,
          actorOf(request),
          app.clock(),
        ),
      }),
    });
  }
}
