import rateLimit, { type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";

/**
 * Every signed-in account's requests (decision 0047): this many per window, times
 * RATE_LIMIT_SCALE. A person clicking through the dashboard makes a few calls a page (the
 * bell asks once a minute); a script pulling lists as fast as it can meets it in seconds.
 */
export const ACCOUNT_LIMIT = { max: 300, windowMs: 60 * 1000 };

/**
 * Sign-in attempts (decision 0020, amended by issue 27), each times RATE_LIMIT_SCALE: per
 * account and address together (the email as submitted, trimmed and lower-cased as the
 * lockout keys it, with the client address), so staff sharing one office address never use
 * up each other's tries; and a much higher ceiling per address, so one address cannot try
 * account after account without end.
 */
export const SIGN_IN_LIMIT = { perAccountAddress: 20, perAddress: 300, windowMs: 15 * 60 * 1000 };

/** How long to wait, in words: "1 minute", "15 minutes". */
function waitOf(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The sign-in limits' 429, written for staff: whose attempts, and what to do. */
function tooManySignIns(scope: "account" | "address", ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const whose = scope === "account" ? "for this account from this network" : "from this network";
  return new HttpError(
    429,
    `Too many sign-in attempts ${whose}. Wait ${waitOf(seconds)} and try again, or ask your administrator.`,
    { "retry-after": String(seconds) },
  );
}

/** The 429 answer: its wording says whose requests were too many, and when to try again. */
function tooManyRequests(from: "connection" | "account", ttlMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const wait = waitOf(seconds);
  return new HttpError(
    429,
    from === "connection"
      ? `Too many requests from your connection. Please try again in ${wait}, or give us a call.`
      : `Too many requests from your account. Please try again in ${wait}.`,
    { "retry-after": String(seconds) },
  );
}

/**
 * Per-address limits for public submissions, off by default and switched on per route
 * (`config.rateLimit`), and the per-account limit every signed-in call passes
 * (`app.limitAccount`, which the auth guard calls). RATE_LIMIT_SCALE multiplies every limit
 * (tests and benchmarks raise it instead of switching limits off).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<void> {
  // SQLite means one instance (the file is local), so counters live in memory. PostgreSQL
  // may serve several instances, so the counters live in the database and hold across them.
  const isShared = database.engine === "postgres";
  const countIn = isShared ? databaseCounter(database.db) : memoryCounter();
  await app.register(rateLimit, {
    global: false,
    store: fixedWindowStore(countIn),
    ...(isShared ? { skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests("connection", context.ttl),
  });

  const accountMax = Math.ceil(ACCOUNT_LIMIT.max * app.config.rateLimitScale);
  app.decorate("limitAccount", async (userId: string) => {
    const window = Math.floor(Date.now() / ACCOUNT_LIMIT.windowMs);
    const ends = (window + 1) * ACCOUNT_LIMIT.windowMs;
    const counted = await new Promise<Counter | undefined>((resolve) =>
      // The key is the account, whichever address or instance the calls come from. A
      // counter the database cannot give lets the call through, as the per-address
      // limits do: a failing store must not lock the staff out with 500s.
      countIn(`account|${userId}|${window}`, ends, (error, result) =>
        resolve(error ? undefined : result),
      ),
    );
    if (counted && counted.current > accountMax) throw tooManyRequests("account", counted.ttl);
  });

  const signInMax = {
    account: Math.ceil(SIGN_IN_LIMIT.perAccountAddress * app.config.rateLimitScale),
    address: Math.ceil(SIGN_IN_LIMIT.perAddress * app.config.rateLimitScale),
  };
  app.decorate("limitSignIn", async (email: string, ip: string) => {
    const window = Math.floor(Date.now() / SIGN_IN_LIMIT.windowMs);
    const ends = (window + 1) * SIGN_IN_LIMIT.windowMs;
    const count = (rowKey: string) =>
      new Promise<Counter | undefined>((resolve) =>
        // As for the account limit: a counter the database cannot give lets the call through.
        countIn(rowKey, ends, (error, result) => resolve(error ? undefined : result)),
      );
    const key = email.trim().toLowerCase();
    const [pair, address] = await Promise.all([
      count(`sign-in|${key}|${ip}|${window}`),
      count(`sign-in|${ip}|${window}`),
    ]);
    if (pair && pair.current > signInMax.account) throw tooManySignIns("account", pair.ttl);
    if (address && address.current > signInMax.address)
      throw tooManySignIns("address", address.ttl);
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** Counts one call of a signed-in account; throws the 429 once it is over its limit. */
    limitAccount: (userId: string) => Promise<void>;
    /**
     * Counts one sign-in attempt of (email, address) and of the address; throws the 429
     * once either is over its limit (SIGN_IN_LIMIT).
     */
    limitSignIn: (email: string, ip: string) => Promise<void>;
  }
}

type Counter = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counter) => void;

/** A route's limit: `max` requests per window per address, scaled by configuration. */
export function perAddressLimit(app: FastifyInstance, max: number, timeWindowMs: number) {
  return { max: Math.ceil(max * app.config.rateLimitScale), timeWindow: timeWindowMs };
}

/**
 * The later steps of a sign-in (the second factor, enrolment at sign-in): each carries a
 * challenge that only a right password gives, bound to one account, and every wrong code
 * counts in the lockout per account and address. So only the per-address ceiling applies
 * (staff behind one office address each finish their own sign-in), with the staff wording.
 */
export function signInStepLimit(app: FastifyInstance) {
  return {
    ...perAddressLimit(app, SIGN_IN_LIMIT.perAddress, SIGN_IN_LIMIT.windowMs),
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      tooManySignIns("address", context.ttl),
  };
}

/** Adds one to the counter `rowKey` (its window ends at `ends`) and answers the count. */
type CountIn = (rowKey: string, ends: number, callback: Callback) => void;

/**
 * A @fastify/rate-limit store class over fixed windows: one counter per route, address and
 * window, counted by `countIn`.
 */
function fixedWindowStore(countIn: CountIn) {
  // At run time the plugin hands each route's store its merged options, whose `routeInfo`
  // names the route; the published typings describe them differently.
  type RouteInfo = { routeInfo?: { method?: string; url?: string } };
  return class FixedWindowStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(options: unknown = {}) {
      const route = (options as RouteInfo).routeInfo;
      this.prefix = `${route?.method ?? ""} ${route?.url ?? ""}`;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const window = Math.floor(Date.now() / timeWindow);
      countIn(`${this.prefix}|${key}|${window}`, (window + 1) * timeWindow, callback);
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new FixedWindowStore(routeOptions);
    }
  };
}

/**
 * Counters in memory. (The plugin's own memory store hands every caller the same counter
 * object, so requests that arrive in one turn of the event loop all read the last caller's
 * count and are all refused.)
 */
function memoryCounter(): CountIn {
  const counters = new Map<string, { count: number; ends: number }>();
  let nextSweep = 0;
  return (rowKey, ends, callback) => {
    const now = Date.now();
    // Past windows are dropped once the map is large, at most once a second: a sweep walks
    // every counter, which no request should pay for each time.
    if (counters.size > 10_000 && now >= nextSweep) {
      for (const [key, counter] of counters) if (counter.ends <= now) counters.delete(key);
      nextSweep = now + 1000;
    }
    const counter = counters.get(rowKey) ?? { count: 0, ends };
    counter.count += 1;
    counters.set(rowKey, counter);
    callback(null, { current: counter.count, ttl: ends - now });
  };
}

/**
 * Counters in the database, one row each, incremented atomically with an upsert.
 * Increments for one row that arrive in the same turn of the event loop are added with one
 * upsert (a burst from one address is one statement, not one each); each request still gets
 * its own position in the window. If the database fails the limiter lets the request
 * through (skipOnError) rather than turning a visitor away with a 500.
 */
function databaseCounter(db: Kysely<Database>): CountIn {
  const waiting = new Map<string, { ends: number; callbacks: Callback[] }>();

  function flush() {
    const batch = [...waiting];
    waiting.clear();
    for (const [key, { ends, callbacks }] of batch) {
      db.insertInto("rate_limit_counters")
        .values({ key, count: callbacks.length, expires_at: new Date(ends).toISOString() })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => ({
            count: eb("rate_limit_counters.count", "+", callbacks.length),
          })),
        )
        .returning("count")
        .executeTakeFirstOrThrow()
        .then((row) => {
          const first = Number(row.count) - callbacks.length;
          const ttl = Math.max(0, ends - Date.now());
          callbacks.forEach((callback, i) => {
            callback(null, { current: first + i + 1, ttl });
          });
        })
        .catch((error: Error) => {
          for (const callback of callbacks) callback(error);
        });
    }
  }

  return (rowKey, ends, callback) => {
    const entry = waiting.get(rowKey);
    if (entry) entry.callbacks.push(callback);
    else {
      if (waiting.size === 0) setImmediate(flush);
      waiting.set(rowKey, { ends, callbacks: [callback] });
    }
  };
}
