import {
  CONTACT_STATUSES,
  ContactRoutes,
  formatAgencyTimestamp,
  HONEYPOT_FIELD,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { registerLeadAdminRoutes, registerLeadWorkRoutes } from "../lead/index.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { registerLeadEmailRoutes } from "../staff-email/index.ts";
import {
  contactBatches,
  contactPage,
  findContact,
  pretendSubmitted,
  readContacts,
  submitContact,
} from "./service.ts";

export function registerContactRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  registerLeadWorkRoutes(app, database.db, { table: "contacts", routes: ContactRoutes });
  registerLeadEmailRoutes(app, database.db, { table: "contacts", routes: ContactRoutes });
  registerLeadAdminRoutes(app, database.db, {
    table: "contacts",
    kind: "contacts",
    statuses: CONTACT_STATUSES,
    routes: ContactRoutes,
    page: contactPage,
    read: readContacts,
    batches: contactBatches,
    find: findContact,
    wrap: (items) => ({ contacts: items }),
    notFoundMessage: "Contact not found",
    csv: {
      header: [
        "id",
        "received",
        "status",
        "first name",
        "last name",
        "email",
        "phone",
        "subject",
        "message",
      ],
      row: (c) => [
        c._id,
        formatAgencyTimestamp(c.createdAt),
        c.status,
        c.firstName,
        c.lastName,
        c.email,
        c.phone,
        c.subject,
        c.message,
      ],
    },
  });

  api.route({
    ...routeOf(ContactRoutes.send),
    config: { rateLimit: perAddressLimit(app, 5, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, ...contact } = request.body;
      const isBot = typeof honeypot === "string" ? honeypot.trim() !== "" : Boolean(honeypot);
      if (isBot) request.log.info("contact honeypot filled; nothing stored");
      const result = isBot
        ? pretendSubmitted()
        : await submitContact(database.db, contact, {
            idempotencyKey: request.headers["idempotency-key"],
            notifyEmail: app.config.agencyNotifyEmail,
            publicUrl: app.config.publicUrl,
            now: app.clock(),
          });
      if (!isBot) app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });
}
