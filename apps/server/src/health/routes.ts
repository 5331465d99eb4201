import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "../db/database.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";

const HealthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "down"]),
});

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/health",
      { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
      async (_request, reply) => {
        const isUp = await database.ping();
        reply.header("cache-control", "no-store");
        if (!isUp) return reply.code(503).send({ status: "unavailable", database: "down" });
        return { status: "ok" as const, database: "ok" as const };
      },
    );
}
