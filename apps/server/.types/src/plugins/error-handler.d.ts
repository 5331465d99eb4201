import type { FastifyInstance } from "fastify";
/**
 * The one place that turns a failure into the contract's JSON. A client's mistake is a 4xx
 * with a clear message; anything else is our bug: logged, answered 500 without details.
 */
export declare function registerErrorHandler(app: FastifyInstance): void;
