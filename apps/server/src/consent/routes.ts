import { ConsentRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { csvFileName, toCsv } from "../lib/csv.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { CONSENT_CSV_HEADER, consentCsvRow, personConsent, revokeByPhone } from "./service.ts";

/** A person's call/text consent: the standing and ledger, a revocation by phone, the CSV (decision 0080). */
export function registerConsentRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.route({
    ...routeOf(ConsentRoutes.ofPerson),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await personConsent(db, request.params.id) };
    },
  });

  api.route({
    ...routeOf(ConsentRoutes.revoke),
    handler: async (request, reply) => {
      const { user } = principalOf(request);
      const data = await revokeByPhone(
        db,
        request.params.id,
        request.body.note,
        { user, ip: request.ip },
        { idempotencyKey: request.headers["idempotency-key"], now: app.clock() },
      );
      return reply.code(201).send({ success: true as const, data });
    },
  });

  api.route({
    ...routeOf(ConsentRoutes.exportCsv),
    handler: async (request, reply) => {
      const consent = await personConsent(db, request.params.id);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${csvFileName(`consent-${request.params.id}`, app.clock())}"`,
        )
        .header("cache-control", "no-store");
      return reply.send(toCsv(CONSENT_CSV_HEADER, consent.entries.map(consentCsvRow)));
    },
  });
}
