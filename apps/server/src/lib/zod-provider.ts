import { toJsonSchema, zodIssuesToFieldErrors } from "@agency/domain";
import fastJson from "fast-json-stringify";
import type {
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from "fastify";
import type { z } from "zod";
import { RequestValidationError } from "./http-errors.ts";

/** Lets route handlers see the parsed (output) type of their zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

/**
 * Request validation with the domain's zod schemas. The parsed value replaces the raw
 * input, so transforms (trimming, tag stripping) apply before any handler sees the data.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(zodIssuesToFieldErrors(result.error)) };
  };

/**
 * `additionalProperties: false` taken out at every depth. The serialiser writes declared
 * fields only in any case; kept, it would make a union's branch (chosen by validating the
 * value) match nothing when the value carries one field more, and the answer a 500.
 */
function withOpenObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withOpenObjects);
  if (schema === null || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === "additionalProperties" && value === false))
      .map(([key, value]) => [key, withOpenObjects(value)]),
  );
}

/**
 * Responses go through a serialiser compiled once per route and status from the JSON
 * Schema of their zod schema (fast-json-stringify): only declared fields ever leave the
 * server, and nothing is validated again on the way out (the handler's types did that).
 */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJson(withOpenObjects(toJsonSchema(schema, "output")) as Parameters<typeof fastJson>[0]);
