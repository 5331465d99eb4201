import { isTextResponse, type RouteDefinition, type TextResponse } from "@agency/domain";
import type { z } from "zod";

type ZodResponses<R extends RouteDefinition> = {
  [Status in keyof R["responses"] as R["responses"][Status] extends TextResponse
    ? never
    : Status]: R["responses"][Status];
};

type SchemaOf<R extends RouteDefinition, Overrides extends Partial<RequestSchemas>> = {
  body: Overrides["body"] extends z.ZodType ? Overrides["body"] : R["body"];
  querystring: R["query"];
  params: R["params"];
  response: ZodResponses<R>;
};

type RequestSchemas = { body: z.ZodType };

/**
 * Fastify's route options for a route of the domain's contract: method, path, and the
 * schemas that validate the request (zod) and serialise every JSON answer. A CSV answer is
 * a string and is sent as it is. `overrides.body` binds a schema to the server's clock or
 * configuration; it must accept what the contract's body describes.
 */
export function routeOf<
  R extends RouteDefinition,
  Overrides extends Partial<RequestSchemas> = Record<never, never>,
>(
  route: R,
  overrides?: Overrides,
): { method: R["method"]; url: R["path"]; schema: SchemaOf<R, Overrides> } {
  const response: Record<number, z.ZodType> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    if (!isTextResponse(schema)) response[Number(status)] = schema;
  }
  const schema = {
    ...((overrides?.body ?? route.body) ? { body: overrides?.body ?? route.body } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.params ? { params: route.params } : {}),
    response,
  };
  return { method: route.method, url: route.path, schema: schema as SchemaOf<R, Overrides> };
}
