import {
  createQuoteSubmissionSchema,
  IdParamsSchema,
  liabilityLabel,
  QUOTE_STATUSES,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { writeAudit } from "../audit/audit.ts";
import { principalOf } from "../auth/guard.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { notFound } from "../lib/http-errors.ts";
import { registerLeadAdminRoutes } from "../lib/lead-admin-routes.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { findQuote, listQuotes, submitQuote } from "./service.ts";

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
      app.mailer.deliverSoon();
      return reply
        .code(result.statusCode as 201)
        .send(result.body as z.input<typeof SubmittedSchema>);
    },
  );

  registerLeadAdminRoutes(app, database.db, {
    table: "auto_quotes",
    kind: "quotes",
    statuses: QUOTE_STATUSES,
    paths: {
      list: "/api/auto-quotes/get-all-auto-quotes",
      delete: "/api/auto-quotes/delete-auto-quote/:id",
      status: "/api/auto-quotes/:id/status",
      export: "/api/auto-quotes/export.csv",
    },
    list: async (db, params) => {
      const { data, total } = await listQuotes(db, params);
      return { items: data, total };
    },
    wrap: (items) => ({ success: true, data: items }),
    notFoundMessage: "Quote not found",
    csv: {
      header: [
        "id",
        "submitted",
        "status",
        "first name",
        "last name",
        "email",
        "phone",
        "city",
        "state",
        "zip",
        "date of birth",
        "vehicle",
        "drivers",
        "license numbers",
        "liability",
        "deductible",
        "monthly estimate",
      ],
      row: (q) => [
        q._id,
        q.createdAt,
        q.status,
        q.personalInfo.firstName,
        q.personalInfo.lastName,
        q.personalInfo.email,
        q.personalInfo.phone,
        q.personalInfo.city,
        q.personalInfo.state,
        q.personalInfo.zip,
        q.personalInfo.dob,
        `${q.vehicleInfo.year} ${q.vehicleInfo.make} ${q.vehicleInfo.model}`,
        q.drivers.map((d) => `${d.firstName} ${d.lastName}`).join("; "),
        q.drivers.map((d) => d.licenseNumber).join("; "),
        liabilityLabel(q.coverage.liability),
        q.coverage.deductible,
        q.quoteAmount.toFixed(2),
      ],
    },
  });

  // The masked fields of one quote, for an agent who needs them; every look is audited.
  api.post(
    "/api/auto-quotes/:id/reveal",
    { onRequest: app.requireAdmin, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const { user } = principalOf(request);
      const quote = await findQuote(database.db, request.params.id);
      if (!quote) throw notFound("Quote not found");
      await writeAudit(database.db, {
        actorUserId: user.id,
        action: "record.revealed",
        target: { type: "auto_quote", id: quote._id },
        ip: request.ip,
        details: { fields: ["personalInfo.dob", "drivers.dob", "drivers.licenseNumber"] },
      });
      reply.header("cache-control", "no-store");
      return {
        success: true,
        data: {
          personalInfo: { dob: quote.personalInfo.dob },
          drivers: quote.drivers.map((d) => ({ dob: d.dob, licenseNumber: d.licenseNumber })),
        },
      };
    },
  );
}
