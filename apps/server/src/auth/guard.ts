import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { HttpError } from "../lib/http-errors.ts";
import { canSignIn, isAdminRow } from "../users/mapping.ts";
import { findUserById, type UserRow } from "../users/repository.ts";
import { findLiveSession } from "./sessions.ts";
import { verifyAccessToken } from "./tokens.ts";

export type Principal = { user: UserRow; sessionId: string };

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const unauthorized = (message: string) => new HttpError(401, message);

/**
 * Resolves the bearer token on every protected call: a valid signature is not enough, the
 * session must still be live and the user still allowed to sign in, and the role is read
 * from the database now — so logout, deactivation, a password or role change bite at once.
 */
export function registerAuthGuard(app: FastifyInstance, database: DatabaseHandle): void {
  app.decorateRequest("principal", null);

  async function authenticate(request: FastifyRequest): Promise<Principal> {
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

  app.decorate("requireUser", async (request: FastifyRequest, _reply: FastifyReply) => {
    await authenticate(request);
  });
  app.decorate("requireAdmin", async (request: FastifyRequest, _reply: FastifyReply) => {
    const { user } = await authenticate(request);
    if (!isAdminRow(user)) throw new HttpError(403, "Administrator access required");
  });
}

declare module "fastify" {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in caller of a route behind requireUser/requireAdmin. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized("Authentication required");
  return request.principal;
}
