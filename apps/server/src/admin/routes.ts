import { SecuritySettingsSchema, TwoFactorRequirementSchema } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/guard.ts";
import { setTwoFactorRequirement } from "../auth/two-factor.ts";
import { readTwoFactorRequirement } from "../auth/two-factor-repository.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";

/**
 * Policies and settings, which the overview counts. Policies are issued outside the site
 * for now, so the list is usually empty; settings hold agency-level switches.
 */
export function registerAdminRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.get("/api/policies", { onRequest: app.requireAdmin }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const rows = await database.db
      .selectFrom("policies")
      .selectAll()
      .orderBy("created_at", "desc")
      .execute();
    return {
      data: rows.map((row) => ({
        _id: row.id,
        policyNumber: row.policy_number,
        holderName: row.holder_name,
        email: row.email,
        product: row.product,
        status: row.status,
        premium: row.premium_cents / 100,
        effectiveDate: row.effective_date,
        expirationDate: row.expiration_date,
        createdAt: row.created_at,
      })),
    };
  });

  app.get("/api/settings", { onRequest: app.requireAdmin }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    const rows = await database.db.selectFrom("settings").selectAll().orderBy("key").execute();
    return {
      data: rows.map((row) => ({
        key: row.key,
        value: JSON.parse(row.value) as unknown,
        updatedAt: row.updated_at,
      })),
    };
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The switch "Require two-factor sign-in for all staff" (decision 0023). */
  api.get(
    "/api/settings/security",
    { onRequest: app.requireAdmin, schema: { response: { 200: SecuritySettingsSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return readTwoFactorRequirement(database.db);
    },
  );

  api.put(
    "/api/settings/security",
    {
      onRequest: app.requireAdmin,
      schema: { body: TwoFactorRequirementSchema, response: { 200: SecuritySettingsSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return setTwoFactorRequirement(database.db, request.body.requireTwoFactor, {
        actorUserId: principalOf(request).user.id,
        ip: request.ip,
        now: app.clock(),
      });
    },
  );
}
