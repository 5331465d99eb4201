import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError, RequestValidationError } from "../lib/http-errors.ts";

/** Fastify's own client-error codes and the status and wording the contract gives them. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: "Request body is larger than 100 kB" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: "Request body must be JSON" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: "Invalid Content-Length" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: "Request body must not be empty" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: "Request body is not valid JSON" },
  FST_ERR_VALIDATION: { status: 400, message: "Invalid request" },
};

/**
 * The one place that turns a failure into the contract's JSON. A client's mistake is a 4xx
 * with a clear message; anything else is our bug: logged, answered 500 without details.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof RequestValidationError) {
      return reply.code(400).send({
        success: false,
        message: error.message,
        error: error.message,
        errors: error.fieldErrors,
      });
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ success: false, message: error.message, error: error.message });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply
        .code(known.status)
        .send({ success: false, message: known.message, error: known.message });
    }
    // A JSON body with "__proto__" or "constructor.prototype" keys is refused by the parser.
    if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
      const message = "Request body is not valid JSON";
      return reply.code(400).send({ success: false, message, error: message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ success: false, message: error.message, error: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    const message = "Something went wrong on our side. Please try again.";
    return reply.code(500).send({ success: false, message, error: message });
  });
}
