import {
  API_ROUTES,
  permissionDeniedMessage,
  type RouteAccess,
  type RouteDefinition,
} from "@agency/domain";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from "fastify";
import type { ZodType } from "zod";
import type { DatabaseHandle } from "../db/database.ts";
import { HttpError, notFound } from "../lib/http-errors.ts";
import { canSignIn, rowCan } from "./account.ts";
import { findUserById, type UserRow } from "./account-repository.ts";
import { findLiveSession } from "./sessions.ts";
import { verifyAccessToken } from "./tokens.ts";

export type Principal = { user: UserRow; sessionId: string };

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const unauthorized = (message: string) => new HttpError(401, message);

/** Every route of the contract by `METHOD path`, for the access it declares. */
const DEFINITIONS = new Map<string, RouteDefinition>(
  Object.values(API_ROUTES as Record<string, Record<string, RouteDefinition>>)
    .flatMap((group) => Object.values(group))
    .map((route) => [`${route.method} ${route.path}`, route]),
);

/** The contract's definition of a registered route (HEAD stands for its GET). */
export function definitionOf(method: string, url: string): RouteDefinition | undefined {
  return DEFINITIONS.get(`${method === "HEAD" ? "GET" : method} ${url}`);
}

/**
 * A path whose parameters do not fit the route's `params` (an id that is no UUID) names no
 * route of the contract: 404 whoever asks, before the caller is even looked at, as for any
 * unknown `/api/...` path (docs/contract.md). Fastify matched `/api/contacts/no-such-action` to
 * `/api/contacts/:id` only because its router knows no better; params are validated after
 * the onRequest hooks, where the guard would have answered 401 first.
 */
function unknownPathUnless(params: ZodType): onRequestHookHandler {
  return async (request: FastifyRequest) => {
    if (!params.safeParse(request.params).success) throw notFound();
  };
}

/**
 * Resolves the bearer token on every protected call: a valid signature is not enough, the
 * session must still be live and the user still allowed to sign in, and the role is read
 * from the database now — so logout, deactivation, a password or role change bite at once.
 *
 * Access is enforced from the route's definition in the domain (`access`): as each route
 * is registered, its guard is put first among its onRequest hooks (after the check of its
 * path parameters, above). The guard also counts the call against the account's rate
 * limit (plugins/rate-limit.ts). An `/api` route that is
 * not in the contract (other than the site's pages) cannot be registered at all.
 */
export function registerAuthGuard(app: FastifyInstance, database: DatabaseHandle): void {
  app.decorateRequest("principal", null);

  async function authenticate(request: FastifyRequest): Promise<Principal> {
    if (request.principal) return request.principal;
    const header = request.headers.authorization;
    if (!header) throw unauthorized("Authentication required");
    const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header);
    if (!match?.[1]) throw unauthorized("Invalid authorization header");
    const claims = await verifyAccessToken(match[1], app.config.jwtSecret, app.clock());
    if (!claims) throw unauthorized("Invalid or expired token");
    const session = await findLiveSession(database.db, { id: claims.sid }, app.clock());
    if (!session || session.user_id !== claims.sub) throw unauthorized("Session has ended");
    const user = await findUserById(database.db, claims.sub);
    if (!user || !canSignIn(user)) throw unauthorized("Session has ended");
    const principal = { user, sessionId: session.id };
    request.principal = principal;
    return principal;
  }

  const guards = new Map<RouteAccess, onRequestHookHandler>();
  function requirePermission(access: RouteAccess): onRequestHookHandler {
    const known = guards.get(access);
    if (known) return known;
    const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
      if (access === "public") return;
      const { user } = await authenticate(request);
      // Every signed-in call counts against its account, allowed or not (decision 0047).
      await app.limitAccount(user.id);
      if (access !== "user" && !rowCan(user, access)) {
        throw new HttpError(403, permissionDeniedMessage(access));
      }
    };
    guards.set(access, guard);
    return guard;
  }
  app.decorate("requirePermission", requirePermission);

  app.addHook("onRoute", (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const params = methods
      .map((method) => definitionOf(method, route.url)?.params)
      .find((schema) => schema !== undefined);
    const accesses = new Set(
      methods.map((method) => {
        const definition = definitionOf(method, route.url);
        // /api/auth/login and /api/auth/logout are pages of the site (docs/contract.md, "Pages"),
        // served with their files by the static site: not API routes.
        const isSitePage = route.url.startsWith("/api/auth/");
        if (!definition && route.url.startsWith("/api/") && !isSitePage) {
          throw new Error(`${method} ${route.url} is not in the domain's API_ROUTES`);
        }
        return definition?.access ?? "public";
      }),
    );
    if (accesses.size !== 1) throw new Error(`${route.url}: one access per registration`);
    const [access] = [...accesses] as [RouteAccess];
    const first = [
      ...(params ? [unknownPathUnless(params)] : []),
      ...(access === "public" ? [] : [requirePermission(access)]),
    ];
    if (first.length === 0) return;
    const existing = route.onRequest ?? [];
    route.onRequest = [...first, ...(Array.isArray(existing) ? existing : [existing])];
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** The onRequest guard for an access level; routes of the contract get theirs by themselves. */
    requirePermission: (access: RouteAccess) => onRequestHookHandler;
  }
}

/** The signed-in caller of a route whose access is not "public". */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized("Authentication required");
  return request.principal;
}
