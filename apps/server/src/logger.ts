import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoggerOptions } from "pino";

/**
 * Log lines carry what an operator needs (request id, method, path, status, timing) and
 * nothing personal: no query strings (searches hold names and emails), no bodies, no
 * headers (cookies and bearer tokens), no client addresses, and errors reduced to their
 * type, code, message and stack (database errors can carry row values in `detail`).
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: ["req.headers", "headers", "password", "token"], remove: true },
    serializers: {
      req: (request: FastifyRequest) => ({
        id: request.id,
        method: request.method,
        path: request.url.split("?")[0],
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
