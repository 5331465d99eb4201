import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";

/**
 * Per-address limits for public submissions, off by default and switched on per route
 * (`config.rateLimit`). RATE_LIMIT_SCALE multiplies every limit (tests and benchmarks
 * raise it instead of switching limits off).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<void> {
  // SQLite means one instance (the file is local), so counters live in memory. PostgreSQL
  // may serve several instances, so the counters live in the database and hold across them.
  const isShared = database.engine === "postgres";
  await app.register(rateLimit, {
    global: false,
    ...(isShared ? { store: databaseStore(database.db), skipOnError: true } : {}),
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

type Counter = { current: number; ttl: number };

/**
 * A @fastify/rate-limit store over the database: fixed windows, one row per route, address
 * and window, incremented atomically with an upsert. If the database fails the limiter lets
 * the request through (skipOnError) rather than turning a visitor away with a 500.
 */
function databaseStore(db: Kysely<Database>) {
  // At run time the plugin hands each route's store its merged options, whose `routeInfo`
  // names the route; the published typings describe them differently.
  type RouteInfo = { routeInfo?: { method?: string; url?: string } };
  return class DatabaseStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(options: unknown = {}) {
      const route = (options as RouteInfo).routeInfo;
      this.prefix = `${route?.method ?? ""} ${route?.url ?? ""}`;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: Counter) => void,
      timeWindow: number,
    ) {
      const now = Date.now();
      const window = Math.floor(now / timeWindow);
      const ends = (window + 1) * timeWindow;
      db.insertInto("rate_limit_counters")
        .values({
          key: `${this.prefix}|${key}|${window}`,
          count: 1,
          expires_at: new Date(ends).toISOString(),
        })
        .onConflict((oc) =>
          oc
            .column("key")
            .doUpdateSet((eb) => ({ count: eb("rate_limit_counters.count", "+", 1) })),
        )
        .returning("count")
        .executeTakeFirstOrThrow()
        .then((row) => callback(null, { current: Number(row.count), ttl: ends - now }))
        .catch((error: Error) => callback(error));
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseStore(routeOptions);
    }
  };
}
