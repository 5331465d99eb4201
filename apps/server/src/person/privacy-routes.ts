import path from "node:path";
import {
  DISCLOSURE_MESSAGES,
  PERSON_MESSAGES,
  PersonPrivacyRoutes,
  userDisplayName,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { removeOutboxFiles } from "../mail/secrets.ts";
import { listDisclosures, recordDisclosure } from "./disclosures.ts";
import { erasePerson } from "./privacy-erase.ts";
import { exportPerson } from "./privacy-export.ts";

/** A person's disclosure log, export and erasure (issue 30 §2, decision 0083). */
export function registerPersonPrivacyRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, engine } = database;

  api.route({
    ...routeOf(PersonPrivacyRoutes.disclosures),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const data = await listDisclosures(db, request.params.id, request.query.since);
      return { success: true as const, data };
    },
  });

  api.route({
    ...routeOf(PersonPrivacyRoutes.addDisclosure),
    handler: async (request, reply) => {
      const user = principalOf(request).user;
      const data = await recordDisclosure(
        db,
        request.params.id,
        request.body,
        {
          userId: user.id,
          ip: request.ip,
          name: userDisplayName({
            firstName: user.first_name,
            lastName: user.last_name,
            email: user.email,
          }),
          idempotencyKey: request.headers["idempotency-key"],
        },
        app.clock(),
      );
      return reply
        .code(201)
        .send({ success: true as const, message: DISCLOSURE_MESSAGES.recorded, data });
    },
  });

  api.route({
    ...routeOf(PersonPrivacyRoutes.export),
    handler: async (request, reply) => {
      const at = app.clock();
      const made = await exportPerson(
        db,
        engine,
        request.params.id,
        { userId: principalOf(request).user.id, ip: request.ip },
        at,
      );
      if (!made) throw notFound(PERSON_MESSAGES.notFound);
      const name = `person-${request.params.id}-${at.toISOString().slice(0, 10)}.zip`;
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(made.archive);
    },
  });

  api.route({
    ...routeOf(PersonPrivacyRoutes.erase),
    handler: async (request, reply) => {
      const result = await erasePerson(
        db,
        engine,
        request.params.id,
        request.body.confirmName,
        {
          userId: principalOf(request).user.id,
          ip: request.ip,
          idempotencyKey: request.headers["idempotency-key"],
        },
        app.clock(),
      );
      // The delivered copies of the mail that went with them (no SMTP server: the folder).
      removeOutboxFiles(path.join(app.config.dataDir, "outbox"), result.deletedMailIds);
      app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });
}
