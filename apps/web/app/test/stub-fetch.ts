import type { Endpoint, RouteDefinition, RouteSuccess } from "@agency/domain";
import { vi } from "vitest";

/** One request the page made, as the stub saw it. */
export type StubRequest = {
  method: string;
  url: URL;
  /** The endpoint's path parameters (`:id`), decoded. */
  params: Record<string, string>;
  body: unknown;
};

/** What the stub answers: a status (200 unless told) and a JSON body. */
export type StubReply = { status?: number; body?: unknown };

type Handler = (request: StubRequest) => StubReply | Promise<StubReply>;
type Route = { method: string; pattern: RegExp; names: string[]; handler: Handler };

/** The contract's failure body (`{ success: false, message, error }`) with a status. */
export function failure(status: number, message: string): StubReply {
  return { status, body: { success: false, message, error: message } };
}

/**
 * Replaces `fetch` with a stub that answers by the API's routes, so a component under test
 * runs the real client (lib/api.ts, lib/auth.tsx) with no server: each route is named by
 * its API_ENDPOINTS entry, and a success body is typed by the route's definition. A request
 * nothing answers gets a 501 naming it (so a test fails on screen, not by hanging) and is
 * kept in `unanswered`. Undo with `vi.unstubAllGlobals()`.
 */
export function stubFetch() {
  const routes: Route[] = [];
  const requests: StubRequest[] = [];
  const unanswered: string[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    // The newest route first, so a test can change an answer midway.
    for (const route of [...routes].reverse()) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      const params = Object.fromEntries(
        route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? "")]),
      );
      const request = { method, url, params, body };
      requests.push(request);
      init.signal?.throwIfAborted();
      const reply = await route.handler(request);
      init.signal?.throwIfAborted();
      return json(reply.status ?? 200, reply.body);
    }
    unanswered.push(`${method} ${url.pathname}${url.search}`);
    return json(501, { success: false, error: `No stub for ${method} ${url.pathname}` });
  });
  vi.stubGlobal("fetch", fetchStub);

  /** Answers an endpoint: a typed success body, or a handler (any status, any timing). */
  function on<R extends RouteDefinition>(
    endpoint: Endpoint<R>,
    answer: RouteSuccess<R> | ((request: StubRequest) => StubReply | Promise<StubReply>),
  ) {
    const { pattern, names } = patternOf(endpoint.path);
    const handler: Handler =
      typeof answer === "function"
        ? (answer as Handler)
        : () => ({ status: 200, body: answer as unknown });
    routes.push({ method: endpoint.method, pattern, names, handler });
  }

  /** The requests made to one endpoint, in order. */
  const requestsTo = (endpoint: { method: string; path: string }) => {
    const pattern = patternOf(endpoint.path).pattern;
    return requests.filter(
      (request) => request.method === endpoint.method && pattern.test(request.url.pathname),
    );
  };

  return { on, requests, requestsTo, unanswered, fetch: fetchStub };
}

/** A route's path as a pattern, its `:name` parameters captured in order. */
function patternOf(path: string) {
  const names: string[] = [];
  const source = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** A promise and its resolve, to hold an answer back (the loading state) and let it go. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
