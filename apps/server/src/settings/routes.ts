import { SecuritySettingsRoutes, SettingsRoutes, unpagedListLimit } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import {
  principalOf,
  readTwoFactorRequirement,
  rowCan,
  setTwoFactorRequirement,
} from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { listPolicyRows, listSettingRows } from "./repository.ts";

/**
 * Policies and settings, which the overview counts. Policies are issued outside the site
 * for now, so the list is usually empty; settings hold agency-level switches.
 */
export function registerSettingsRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(SettingsRoutes.policies),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      // A page, as every staff list (decision 0047): without a limit, up to the cap.
      const limit =
        request.query.limit ?? unpagedListLimit(rowCan(principalOf(request).user, "leads.export"));
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listPolicyRows(database.db, { limit, offset });
      return {
        total,
        limit,
        offset,
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
    },
  });

  api.route({
    ...routeOf(SettingsRoutes.settings),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const rows = await listSettingRows(database.db);
      return {
        data: rows.map((row) => ({
          key: row.key,
          value: JSON.parse(row.value) as unknown,
          updatedAt: row.updated_at,
        })),
      };
    },
  });

  /** The switch "Require two-factor sign-in for all staff" (decision 0023). */
  api.route({
    ...routeOf(SecuritySettingsRoutes.get),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return readTwoFactorRequirement(database.db);
    },
  });

  api.route({
    ...routeOf(SecuritySettingsRoutes.update),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return setTwoFactorRequirement(database.db, request.body.requireTwoFactor, {
        actorUserId: principalOf(request).user.id,
        ip: request.ip,
        now: app.clock(),
      });
    },
  });
}
