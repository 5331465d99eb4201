import { HealthRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(HealthRoutes.check),
    handler: async (_request, reply) => {
      const isUp = await database.ping();
      reply.header("cache-control", "no-store");
      if (!isUp) return reply.code(503).send({ status: "unavailable", database: "down" });
      return { status: "ok" as const, database: "ok" as const };
    },
  });
}
