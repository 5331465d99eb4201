import {
  createQuoteSubmissionSchema,
  formatAgencyTimestamp,
  liabilityLabel,
  QUOTE_STATUSES,
  QuoteRoutes,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { writeAudit } from "../audit/audit.ts";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { registerLeadAdminRoutes, registerLeadWorkRoutes } from "../lead/index.ts";
import { notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { registerLeadEmailRoutes } from "../staff-email/index.ts";
import { findQuote, quoteBatches, quotePage, readQuotes, submitQuote } from "./service.ts";

export function registerQuoteRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    // "Today" (for dates of birth) is read when each request is parsed.
    ...routeOf(QuoteRoutes.send, { body: createQuoteSubmissionSchema(app.clock) }),
    config: { rateLimit: perAddressLimit(app, 20, 60 * 60 * 1000) },
    handler: async (request, reply) => {
      const result = await submitQuote(database.db, request.body, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  registerLeadWorkRoutes(app, database.db, { table: "auto_quotes", routes: QuoteRoutes });
  registerLeadEmailRoutes(app, database.db, { table: "auto_quotes", routes: QuoteRoutes });
  registerLeadAdminRoutes(app, database.db, {
    table: "auto_quotes",
    kind: "quotes",
    statuses: QUOTE_STATUSES,
    routes: QuoteRoutes,
    page: quotePage,
    read: readQuotes,
    batches: quoteBatches,
    find: (db, id) => findQuote(db, id, { masked: true }),
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
        formatAgencyTimestamp(q.createdAt),
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
  api.route({
    ...routeOf(QuoteRoutes.reveal),
    handler: async (request, reply) => {
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
        success: true as const,
        data: {
          personalInfo: { dob: quote.personalInfo.dob },
          drivers: quote.drivers.map((d) => ({ dob: d.dob, licenseNumber: d.licenseNumber })),
        },
      };
    },
  });
}
