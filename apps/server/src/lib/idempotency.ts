import { createHash } from "node:crypto";
import type { RouteDefinition, RouteSuccess } from "@agency/domain";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../db/errors.ts";
import { type Insert, KeyTaken, type Submission, storeSubmission } from "../db/group-commit.ts";
import type { Database } from "../db/schema.ts";
import { HttpError } from "./http-errors.ts";
import { nowIso } from "./ids.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A stored answer as the table holds it. */
type StoredRow = { statusCode: number; body: unknown };

/** The success statuses a route's definition declares. */
type SuccessStatus<R extends RouteDefinition> = Extract<
  keyof R["responses"],
  200 | 201 | 202 | 204
>;

/**
 * A route's success as it is answered, stored and replayed: typed by the route's definition,
 * so the route sends it without a cast. A union of routes gives the union of their answers.
 */
export type StoredResponse<R extends RouteDefinition> = R extends RouteDefinition
  ? { statusCode: SuccessStatus<R>; body: RouteSuccess<R> }
  : never;

/** The scope a key is stored under: the route's `METHOD path`, from its definition. */
export function idempotencyScope(route: RouteDefinition): string {
  return `${route.method} ${route.path}`;
}

export type IdempotentRequest<R extends RouteDefinition> = {
  /** The route's definition (packages/domain): its `METHOD path` scopes the key. */
  route: R;
  /** The raw `Idempotency-Key` header, if any. */
  key: string | string[] | undefined;
  /** The validated request body; its canonical JSON is what "same body" means. */
  payload: unknown;
};

/** What a submission stores and what it answers; made afresh for each attempt. */
export type SubmissionPlan<R extends RouteDefinition> = {
  inserts: Insert[];
  response: StoredResponse<R>;
} & Pick<Submission, "guard" | "people">;

/**
 * Runs a public submission at most once per `Idempotency-Key` (contract: a repeat with the
 * same key and body within 24 hours returns the first response and stores nothing new; the
 * same key with another body is a 422).
 *
 * The key's row is written in the same transaction as the record it produced, so an
 * acknowledged submission can always be replayed and a crash before commit leaves neither:
 * a retry then simply creates it. The common case (a new key) needs no read: the key is
 * taken with an upsert that takes over only a key older than the window. If the key is
 * already taken (a repeat, or a concurrent request with the key committed first), nothing
 * of this attempt is stored and the stored response answers instead.
 */
export async function runIdempotent<R extends RouteDefinition>(
  db: Kysely<Database>,
  request: IdempotentRequest<R>,
  plan: () => SubmissionPlan<NoInfer<R>>,
  now: () => Date = () => new Date(),
): Promise<StoredResponse<R>> {
  const key = parseKey(request.key);
  const { inserts, response, guard, people } = plan();
  const extras = { ...(guard ? { guard } : {}), ...(people ? { people } : {}) };
  if (key === undefined) {
    await storeSubmission(db, { inserts, ...extras });
    return response;
  }

  const route = idempotencyScope(request.route);
  const requestHash = hashPayload(request.payload);
  const current = now();
  try {
    await storeSubmission(db, {
      inserts,
      ...extras,
      idempotencyKey: {
        row: {
          route,
          key,
          request_hash: requestHash,
          status_code: response.statusCode,
          response_body: JSON.stringify(response.body),
          created_at: nowIso(current),
        },
        expiresBefore: nowIso(new Date(current.getTime() - IDEMPOTENCY_WINDOW_MS)),
      },
    });
    return response;
  } catch (error) {
    // A repeat, or a concurrent request with this key that committed first (or this one's
    // record collided on another unique constraint): answer like a replay if the key is there.
    if (!(error instanceof KeyTaken) && !isUniqueViolation(error)) throw error;
    const winner = await findReplay<R>(db, route, key, requestHash, now());
    if (winner) return winner;
    if (error instanceof KeyTaken) {
      // The key expired between the two statements (at the window's very edge): try afresh.
      return runIdempotent(db, request, plan, now);
    }
    throw error;
  }
}

/**
 * The stored answer of an earlier request with this key and body, if any (a 422 for the same
 * key with another body): for a route that must check it before it can plan its change
 * (a manage link that the first request has already used up).
 */
export async function storedReplay<R extends RouteDefinition>(
  db: Kysely<Database>,
  request: IdempotentRequest<R>,
  now: Date = new Date(),
): Promise<StoredResponse<R> | undefined> {
  const key = parseKey(request.key);
  if (key === undefined) return undefined;
  return findReplay<R>(db, idempotencyScope(request.route), key, hashPayload(request.payload), now);
}

function parseKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || !UUID.test(value.trim())) {
    throw new HttpError(400, "Idempotency-Key must be a UUID");
  }
  return value.trim().toLowerCase();
}

/**
 * The stored answer under this route's scope. It is typed as the route's answer because only
 * that route writes under its scope, and it wrote its own typed answer (runIdempotent).
 */
async function findReplay<R extends RouteDefinition>(
  db: Kysely<Database>,
  route: string,
  key: string,
  requestHash: string,
  now: Date,
): Promise<StoredResponse<R> | undefined> {
  const row = await db
    .selectFrom("idempotency_keys")
    .selectAll()
    .where("route", "=", route)
    .where("key", "=", key)
    .where("created_at", ">=", nowIso(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)))
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.request_hash !== requestHash) {
    throw new HttpError(422, "This Idempotency-Key was already used for a different request");
  }
  const stored: StoredRow = { statusCode: row.status_code, body: JSON.parse(row.response_body) };
  return stored as StoredResponse<R>;
}

/** sha256 of the payload's JSON with object keys sorted, so key order does not matter. */
export function hashPayload(payload: unknown): string {
  return createHash("sha256").update(canonicalJson(payload)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
