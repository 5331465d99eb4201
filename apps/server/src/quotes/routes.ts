import { createQuoteSubmissionSchema } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { principalOf } from "../auth/guard.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { deleteRecord } from "../lib/records.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { listQuotesWithDrivers } from "./repository.ts";
import { submitQuote, toQuoteRecord } from "./service.ts";

const IdParams = z.object({ id: z.string().min(1).max(100) });

const SubmittedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ _id: z.string(), quoteAmount: z.number(), createdAt: z.string() }),
});

export function registerQuoteRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    "/api/auto-quotes/send-auto-quote",
    {
      // "Today" (for dates of birth) is read when each request is parsed.
      schema: { body: createQuoteSubmissionSchema(app.clock), response: { 201: SubmittedSchema } },
      config: { rateLimit: perAddressLimit(app, 20, 60 * 60 * 1000) },
    },
    async (request, reply) => {
      const result = await submitQuote(database.db, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
      });
      app.mailer.deliverDue();
      return reply
        .code(result.statusCode as 201)
        .send(result.body as z.input<typeof SubmittedSchema>);
    },
  );

  api.get(
    "/api/auto-quotes/get-all-auto-quotes",
    { preHandler: app.requireAdmin },
    async (_request, reply) => {
      const quotes = await listQuotesWithDrivers(database.db);
      reply.header("cache-control", "no-store");
      return {
        success: true,
        data: quotes.map(({ quote, drivers }) => toQuoteRecord(quote, drivers)),
      };
    },
  );

  api.delete(
    "/api/auto-quotes/delete-auto-quote/:id",
    { preHandler: app.requireAdmin, schema: { params: IdParams } },
    async (request) => {
      const { user } = principalOf(request);
      await deleteRecord(
        database.db,
        "auto_quotes",
        request.params.id,
        { userId: user.id, ip: request.ip },
        "Quote not found",
      );
      return { success: true };
    },
  );
}
