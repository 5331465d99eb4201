import { CONTACT_STATUSES, ContactMessageSchema } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "../db/database.ts";
import { registerLeadAdminRoutes } from "../lib/lead-admin-routes.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { listContacts, pretendSubmitted, submitContact } from "./service.ts";

/** An input people never see or fill (hidden from view and from assistive technology). */
export const HONEYPOT_FIELD = "website";

const ContactRequestSchema = ContactMessageSchema.extend({
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

const SubmittedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), createdAt: z.string() }),
});

export function registerContactRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  registerLeadAdminRoutes(app, database.db, {
    table: "contacts",
    kind: "contacts",
    statuses: CONTACT_STATUSES,
    paths: {
      list: "/api/contacts/list-contacts",
      delete: "/api/contacts/delete-contact/:id",
      status: "/api/contacts/:id/status",
      export: "/api/contacts/export.csv",
    },
    list: async (db, params) => {
      const { contacts, total } = await listContacts(db, params);
      return { items: contacts, total };
    },
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
        c.createdAt,
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

  api.post(
    "/api/contacts/send-contact",
    {
      schema: { body: ContactRequestSchema, response: { 201: SubmittedSchema } },
      config: { rateLimit: perAddressLimit(app, 5, 10 * 60 * 1000) },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, ...contact } = request.body;
      const isBot = typeof honeypot === "string" ? honeypot.trim() !== "" : Boolean(honeypot);
      if (isBot) request.log.info("contact honeypot filled; nothing stored");
      const result = isBot
        ? pretendSubmitted()
        : await submitContact(database.db, contact, {
            idempotencyKey: request.headers["idempotency-key"],
            notifyEmail: app.config.agencyNotifyEmail,
          });
      if (!isBot) app.mailer.deliverSoon();
      return reply
        .code(result.statusCode as 201)
        .send(result.body as z.input<typeof SubmittedSchema>);
    },
  );
}
