import { TwoFactorRoutes } from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { principalOf } from "./guard.ts";
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from "./two-factor.ts";

/**
 * Two-factor sign-in from the dashboard's Settings, for the signed-in user themself
 * (decision 0023). Wrong codes answer 400, never 401: the session is fine.
 */
export function registerTwoFactorRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const codeLimit = perAddressLimit(app, 10, 15 * 60 * 1000);
  const optionsOf = (request: FastifyRequest) => ({
    jwtSecret: app.config.jwtSecret,
    ip: request.ip,
    now: app.clock(),
  });

  api.route({
    ...routeOf(TwoFactorRoutes.status),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return twoFactorStatus(db, principalOf(request).user.id);
    },
  });

  api.route({
    ...routeOf(TwoFactorRoutes.setup),
    config: { rateLimit: codeLimit },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return startEnrolment(db, principalOf(request).user, optionsOf(request));
    },
  });

  api.route({
    ...routeOf(TwoFactorRoutes.confirm),
    config: { rateLimit: codeLimit },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = principalOf(request).user;
      return {
        recoveryCodes: await confirmEnrolment(db, user, request.body.code, optionsOf(request)),
      };
    },
  });

  api.route({
    ...routeOf(TwoFactorRoutes.recoveryCodes),
    config: { rateLimit: codeLimit },
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = principalOf(request).user;
      const codes = await regenerateRecoveryCodes(db, user, request.body.code, optionsOf(request));
      return { recoveryCodes: codes };
    },
  });

  api.route({
    ...routeOf(TwoFactorRoutes.disable),
    config: { rateLimit: codeLimit },
    handler: async (request) => {
      await disableTwoFactor(db, principalOf(request).user, request.body, {
        ...optionsOf(request),
        rateLimitScale: app.config.rateLimitScale,
      });
      return { success: true as const, message: "Two-factor sign-in is off." };
    },
  });
}
