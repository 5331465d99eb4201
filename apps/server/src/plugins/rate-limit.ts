import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { HttpError } from "../lib/http-errors.ts";

/**
 * Per-address limits for public submissions, off by default and switched on per route
 * (`config.rateLimit`). RATE_LIMIT_SCALE multiplies every limit (tests and benchmarks
 * raise it instead of switching limits off).
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const minutes = Math.ceil(seconds / 60);
      return new HttpError(
        429,
        `Too many requests from your connection. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or give us a call.`,
        { "retry-after": String(seconds) },
      );
    },
  });
}

/** A route's limit: `max` requests per window per address, scaled by configuration. */
export function perAddressLimit(app: FastifyInstance, max: number, timeWindowMs: number) {
  return { max: Math.ceil(max * app.config.rateLimitScale), timeWindow: timeWindowMs };
}
