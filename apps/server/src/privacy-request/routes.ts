import { HONEYPOT_FIELD, PrivacyRequestRoutes } from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import {
  answerPrivacyRequest,
  changePrivacyRequest,
  checkEmailAnswer,
  listPrivacyRequests,
  mailTargets,
  privacyAssignable,
  privacyRequestPage,
  submitPrivacyRequest,
  verifyPrivacyRequest,
} from "./service.ts";

const actorOf = (request: FastifyRequest) => ({ user: principalOf(request).user, ip: request.ip });

/**
 * Privacy requests (issue 30 §2, decision 0082): the privacy page's form and its emailed
 * link (public), and the staff's list, page, status, assignee and answer (privacy.manage).
 */
export function registerPrivacyRequestRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const targets = mailTargets(app.config);

  api.route({
    ...routeOf(PrivacyRequestRoutes.send),
    config: { rateLimit: perAddressLimit(app, 5, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, ...fields } = request.body;
      const isBot = typeof honeypot === "string" ? honeypot.trim() !== "" : Boolean(honeypot);
      if (isBot) {
        // The same answer as everyone's: nothing stored, no mail.
        request.log.info("privacy request honeypot filled; nothing stored");
        const answer = checkEmailAnswer();
        return reply.code(answer.statusCode).send(answer.body);
      }
      const result = await submitPrivacyRequest(db, fields, {
        idempotencyKey: request.headers["idempotency-key"],
        publicUrl: targets.publicUrl,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      reply.header("cache-control", "no-store");
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    ...routeOf(PrivacyRequestRoutes.verify),
    config: { rateLimit: perAddressLimit(app, 20, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      const answer = await verifyPrivacyRequest(db, request.body.token, {
        ...targets,
        ip: request.ip,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      reply.header("cache-control", "no-store");
      return answer;
    },
  });

  api.route({
    ...routeOf(PrivacyRequestRoutes.list),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listPrivacyRequests(db, request.query, app.clock());
    },
  });

  api.route({
    ...routeOf(PrivacyRequestRoutes.assignable),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await privacyAssignable(db) };
    },
  });

  api.route({
    ...routeOf(PrivacyRequestRoutes.one),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return privacyRequestPage(db, request.params.id, app.clock());
    },
  });

  api.route({
    ...routeOf(PrivacyRequestRoutes.update),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return changePrivacyRequest(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
    },
  });

  api.route({
    ...routeOf(PrivacyRequestRoutes.answer),
    handler: async (request, reply) => {
      const page = await answerPrivacyRequest(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
      app.mailer.deliverSoon();
      reply.header("cache-control", "no-store");
      return page;
    },
  });
}
