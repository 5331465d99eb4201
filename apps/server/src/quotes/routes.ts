import { createQuoteSubmissionSchema } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { DatabaseHandle } from "../db/database.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { submitQuote } from "./service.ts";

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
}
