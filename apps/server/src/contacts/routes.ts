import { ContactMessageSchema } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { principalOf } from "../auth/guard.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { deleteRecord } from "../lib/records.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { listContacts, pretendSubmitted, submitContact } from "./service.ts";

const IdParams = z.object({ id: z.string().min(1).max(100) });

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

  api.get(
    "/api/contacts/list-contacts",
    { preHandler: app.requireAdmin },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { contacts: await listContacts(database.db) };
    },
  );

  api.delete(
    "/api/contacts/delete-contact/:id",
    { preHandler: app.requireAdmin, schema: { params: IdParams } },
    async (request) => {
      const { user } = principalOf(request);
      await deleteRecord(
        database.db,
        "contacts",
        request.params.id,
        { userId: user.id, ip: request.ip },
        "Contact not found",
      );
      return { success: true };
    },
  );

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
      if (!isBot) app.mailer.deliverDue();
      return reply
        .code(result.statusCode as 201)
        .send(result.body as z.input<typeof SubmittedSchema>);
    },
  );
}
