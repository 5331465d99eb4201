import { IMPORT_MAX_BYTES, ImportRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { importBook, mappingFor } from "./service.ts";

/**
 * Settings → Import (issue 28 §4, decision 0075): the remembered mapping of a header, and
 * the import, in the request. The guard enforces `book.import` before any body is read.
 */
export function registerImportRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(ImportRoutes.mapping),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await mappingFor(database, request.body.header) };
    },
  });

  api.route({
    ...routeOf(ImportRoutes.run),
    // The whole file in one JSON body: this route alone takes more than the server's
    // 100 KB (a 50,000-policy export is about 10 MB; the text as JSON a little more).
    bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
    handler: async (request) => ({
      success: true as const,
      data: await importBook(database, {
        csv: request.body.csv,
        mapping: request.body.mapping,
        actor: { userId: principalOf(request).user.id, ip: request.ip },
        now: app.clock(),
      }),
    }),
  });
}
