import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";

/**
 * Log lines carry what an operator needs (request id, method, path, status, timing) and
 * nothing personal: no query strings (searches hold names and emails), no bodies, no
 * headers (cookies and bearer tokens), no client addresses, and errors reduced to their
 * type, code, message and stack (database errors can carry row values in `detail`).
 */
/**
 * The request's path as logged: no query string, and a booking's manage link (a bearer
 * secret in the path, decision 0035) replaced by a placeholder.
 */
export function loggedPath(url: string): string {
  return (url.split("?")[0] ?? "").replace(/(\/appointments\/manage\/)[^/]+/, "$1[link]");
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: ["req.headers", "headers", "password", "token"], remove: true },
    serializers: {
      req: (request: FastifyRequest) => ({
        id: request.id,
        method: request.method,
        path: loggedPath(request.url),
      }),
      res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
      err: (error: Error & { code?: string }) => ({
        type: error.name,
        code: error.code,
        message: error.message,
        stack: error.stack,
      }),
    },
  };
}
