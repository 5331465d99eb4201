import type {
  Endpoint,
  RouteBody,
  RouteDefinition,
  RouteParams,
  RouteQuery,
  RouteSuccess,
} from "@agency/domain";

export type { RouteAnswer, RouteBody, RoutePath, RouteSuccess } from "@agency/domain";
/**
 * The web app's one way to call the API: `callRoute(API_ENDPOINTS.<feature>.<route>, …)`,
 * typed by the route's definition in the domain (its path parameters, query, body and
 * success answer). JSON in and out, a fresh Idempotency-Key per submission that is reused on
 * every retry (contract), retries only for network failures and 5xx (never for a 4xx: the
 * server has decided), and the spec's error wording: the server's `error`, else its
 * `message`, else the caller's fallback (`errorText`).
 */
export type FieldError = { field: string; message: string };

export type ApiSuccess<T> = { ok: true; status: number; data: T };
export type ApiFailure = {
  ok: false;
  /** undefined when the server could not be reached at all. */
  status: number | undefined;
  error: string | undefined;
  message: string | undefined;
  errors: FieldError[];
  retryAfterSeconds: number | undefined;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export type RequestOptions = {
  body?: unknown;
  /** Bearer token for staff calls. */
  token?: string | undefined;
  /** Sent as Idempotency-Key; make one per submission with newIdempotencyKey(). */
  idempotencyKey?: string;
  /** Network failures and 5xx are retried this many times (default 2 for keyed posts, 0 otherwise). */
  retries?: number;
  signal?: AbortSignal;
};

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function failureFrom(
  status: number | undefined,
  body: unknown,
  retryAfter: string | null,
): ApiFailure {
  const record = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const text = (value: unknown) =>
    typeof value === "string" && value.trim() !== "" ? value : undefined;
  return {
    ok: false,
    status,
    error: text(record.error),
    message: text(record.message),
    errors: Array.isArray(record.errors) ? (record.errors as FieldError[]) : [],
    retryAfterSeconds: retryAfter ? Number(retryAfter) || undefined : undefined,
  };
}

async function apiRequest<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  options: RequestOptions = {},
): Promise<ApiResult<T>> {
  const retries = options.retries ?? (options.idempotencyKey ? 2 : 0);
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.idempotencyKey) headers["idempotency-key"] = options.idempotencyKey;

  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        credentials: "same-origin",
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      if (attempt < retries) {
        await wait(500 * 3 ** attempt);
        continue;
      }
      return failureFrom(undefined, undefined, null);
    }
    if (response.status >= 500 && attempt < retries) {
      await wait(500 * 3 ** attempt);
      continue;
    }
    const isJson = response.headers.get("content-type")?.includes("application/json");
    const body: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
    if (response.ok) return { ok: true, status: response.status, data: body as T };
    return failureFrom(response.status, body, response.headers.get("retry-after"));
  }
}

/**
 * The spec's error text, the one rule for every screen: the server's `error` (every error
 * answer of the contract carries its text there; the spec's pages read `error` first), else
 * its `message`, else the fallback. Without a fallback, what went wrong on the way: the
 * {message} of the spec's "Failed to …: {message}" toasts.
 */
export function errorText(failure: ApiFailure, fallback?: string): string {
  return (
    readableText(failure, failure.error) ??
    readableText(failure, failure.message) ??
    fallback ??
    wayFailure(failure)
  );
}

/**
 * HTTP's own names for a server failure, as a proxy or a framework's default handler puts
 * them in a body ("Internal Server Error"): a status, not a message for a person, so they
 * are never shown (issue 26 §4); the caller's fallback says it in words instead.
 */
const SERVER_STATUS_TEXTS = new Set([
  "internal server error",
  "not implemented",
  "bad gateway",
  "service unavailable",
  "gateway timeout",
  "gateway time-out",
  "http version not supported",
  "insufficient storage",
  "network authentication required",
]);

function readableText(failure: ApiFailure, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const isServerFailure = failure.status !== undefined && failure.status >= 500;
  const isStatusText =
    SERVER_STATUS_TEXTS.has(text.trim().toLowerCase()) || /^\d{3}\b/.test(text.trim());
  return isServerFailure && isStatusText ? undefined : text;
}

function wayFailure(failure: ApiFailure): string {
  return failure.status === undefined
    ? "The server could not be reached"
    : `The server answered ${failure.status}`;
}

type ParamsOption<R extends RouteDefinition> = [RouteParams<R>] extends [never]
  ? { params?: undefined }
  : { params: RouteParams<R> };
type QueryOption<R extends RouteDefinition> = [RouteQuery<R>] extends [never]
  ? { query?: undefined }
  : // biome-ignore lint/complexity/noBannedTypes: "has no required key"
    {} extends RouteQuery<R>
    ? { query?: RouteQuery<R> }
    : { query: RouteQuery<R> };
type BodyOption<R extends RouteDefinition> = [RouteBody<R>] extends [never]
  ? { body?: undefined }
  : { body: RouteBody<R> };

/** What a call of route R takes: its parameters, query and body as the route defines them. */
export type CallOptions<R extends RouteDefinition> = ParamsOption<R> &
  QueryOption<R> &
  BodyOption<R> &
  Omit<RequestOptions, "body">;

/** The options argument: optional when the route needs nothing. */
export type CallArguments<R extends RouteDefinition> =
  // biome-ignore lint/complexity/noBannedTypes: "has no required key"
  {} extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/**
 * The address of a call: the endpoint's path with its parameters filled in (encoded), then
 * the query (empty values left out). The one place a path of the API is put together.
 */
export function routeUrl(
  endpoint: { path: string },
  options: { params?: unknown; query?: unknown } = {},
): string {
  const params = (options.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") {
      throw new Error(`${endpoint.path}: the ${name} parameter is missing`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query === "" ? path : `${path}?${query}`;
}

/** Calls one route of the API (see the top of this file) and answers its typed result. */
export function callRoute<R extends RouteDefinition>(
  endpoint: Endpoint<R>,
  ...[options]: CallArguments<R>
): Promise<ApiResult<RouteSuccess<R>>> {
  const { params, query, body, ...rest } = (options ?? {}) as {
    params?: unknown;
    query?: unknown;
    body?: unknown;
  } & Omit<RequestOptions, "body">;
  return apiRequest<RouteSuccess<R>>(endpoint.method, routeUrl(endpoint, { params, query }), {
    ...rest,
    ...(body === undefined ? {} : { body }),
  });
}
