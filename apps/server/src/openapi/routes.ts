import { buildOpenApiDocument, OpenApiRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";

/**
 * The OpenAPI 3.1 document of the whole API, generated from the domain's route definitions
 * (the same ones the routes are registered from), built once at start. Public: it says
 * what the API accepts, nothing about the data.
 */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  const document = buildOpenApiDocument();
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(OpenApiRoutes.document),
    handler: async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return document;
    },
  });
}
