import {
  HONEYPOT_FIELD,
  SERVICE_MESSAGES,
  SERVICE_REQUEST_MAX_BODY_BYTES,
  ServiceRoutes,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { findAttachment } from "./repository.ts";
import { pretendServiceSubmitted, submitServiceRequest } from "./submit.ts";

/** The Client Center's public route and the staff's file download (decision 0077). */
export function registerServiceRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(ServiceRoutes.send),
    // The files come inside the JSON (base64): this route alone takes up to 25 MB of them.
    bodyLimit: SERVICE_REQUEST_MAX_BODY_BYTES,
    config: { rateLimit: perAddressLimit(app, 5, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, formattedPhone: _shown, ...fields } = request.body;
      const isBot = typeof honeypot === "string" ? honeypot.trim() !== "" : Boolean(honeypot);
      if (isBot) request.log.info("client center honeypot filled; nothing stored");
      const result = isBot
        ? pretendServiceSubmitted(app.clock())
        : await submitServiceRequest(database.db, fields, {
            idempotencyKey: request.headers["idempotency-key"],
            notifyEmail: app.config.agencyNotifyEmail,
            publicUrl: app.config.publicUrl,
            now: app.clock(),
          });
      if (!isBot) app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    ...routeOf(ServiceRoutes.attachment),
    handler: async (request, reply) => {
      const file = await findAttachment(
        database.db,
        request.params.id,
        request.params.attachmentId,
      );
      if (!file) throw notFound(SERVICE_MESSAGES.attachmentNotFound);
      const name = file.name;
      // Always a download, never rendered by the browser: the type is the content's own,
      // sniffing is off, and the page's CSP would sandbox it anyway.
      const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return reply
        .header("content-type", file.type)
        .header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("content-security-policy", "sandbox; default-src 'none'")
        .send(Buffer.from(file.data));
    },
  });
}
