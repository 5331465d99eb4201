import {
  AuthenticatorCodeBodySchema,
  DisableTwoFactorSchema,
  RecoveryCodesSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "../db/database.ts";
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

const SuccessSchema = z.object({ success: z.literal(true), message: z.string() });

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

  api.get(
    "/api/users/two-factor",
    { onRequest: app.requireUser, schema: { response: { 200: TwoFactorStatusSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return twoFactorStatus(db, principalOf(request).user.id);
    },
  );

  api.post(
    "/api/users/two-factor/setup",
    {
      onRequest: app.requireUser,
      schema: { response: { 200: TwoFactorSetupSchema } },
      config: { rateLimit: codeLimit },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return startEnrolment(db, principalOf(request).user, optionsOf(request));
    },
  );

  api.post(
    "/api/users/two-factor/confirm",
    {
      onRequest: app.requireUser,
      schema: { body: AuthenticatorCodeBodySchema, response: { 200: RecoveryCodesSchema } },
      config: { rateLimit: codeLimit },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = principalOf(request).user;
      return {
        recoveryCodes: await confirmEnrolment(db, user, request.body.code, optionsOf(request)),
      };
    },
  );

  api.post(
    "/api/users/two-factor/recovery-codes",
    {
      onRequest: app.requireUser,
      schema: { body: AuthenticatorCodeBodySchema, response: { 200: RecoveryCodesSchema } },
      config: { rateLimit: codeLimit },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const user = principalOf(request).user;
      const codes = await regenerateRecoveryCodes(db, user, request.body.code, optionsOf(request));
      return { recoveryCodes: codes };
    },
  );

  api.post(
    "/api/users/two-factor/disable",
    {
      onRequest: app.requireUser,
      schema: { body: DisableTwoFactorSchema, response: { 200: SuccessSchema } },
      config: { rateLimit: codeLimit },
    },
    async (request) => {
      await disableTwoFactor(db, principalOf(request).user, request.body, optionsOf(request));
      return { success: true as const, message: "Two-factor sign-in is off." };
    },
  );
}
