import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from "fastify";
import type { z } from "zod";
/** Lets route handlers see the parsed (output) type of their zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
    validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
    serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}
/**
 * Request validation with the domain's zod schemas. The parsed value replaces the raw
 * input, so transforms (trimming, tag stripping) apply before any handler sees the data.
 */
export declare const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType>;
/** Responses pass through their schema too: fields not declared never leave the server. */
export declare const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType>;
