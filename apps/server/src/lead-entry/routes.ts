import {
  createStaffAppointmentSchema,
  createStaffQuoteSchema,
  LEAD_ENTRY_MESSAGES,
  LeadEntryRoutes,
} from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { bookAppointment } from "../appointment/index.ts";
import { principalOf } from "../auth/index.ts";
import { submitContact } from "../contact/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { StaffEntry } from "../lead/index.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { submitQuote } from "../quote/index.ts";
import { changeLeadDetails } from "./service.ts";

const actorOf = (request: FastifyRequest) => ({
  userId: principalOf(request).user.id,
  ip: request.ip,
});

/** The entry's own fields apart from the form's: the form's part is stored as a visitor's would be. */
function splitEntry<Body extends { source: StaffEntry["source"]; notifyCustomer: boolean }>(
  request: FastifyRequest,
  body: Body,
): { lead: Omit<Body, "source" | "notifyCustomer">; entry: StaffEntry } {
  const { source, notifyCustomer, ...lead } = body;
  return { lead, entry: { source, notifyCustomer, actor: actorOf(request) } };
}

/**
 * Staff enter leads they received by phone, at the office or by email, through the same
 * services as the public forms, and correct a lead's contact details (decision 0031).
 */
export function registerLeadEntryRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.route({
    ...routeOf(LeadEntryRoutes.enterContact),
    handler: async (request, reply) => {
      const { lead, entry } = splitEntry(request, request.body);
      const result = await submitContact(db, lead, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        entry,
      });
      if (entry.notifyCustomer) app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    // "Today" (for dates of birth) is read when each request is parsed.
    ...routeOf(LeadEntryRoutes.enterQuote, { body: createStaffQuoteSchema(app.clock) }),
    handler: async (request, reply) => {
      const { lead, entry } = splitEntry(request, request.body);
      const result = await submitQuote(db, lead, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        entry,
      });
      if (entry.notifyCustomer) app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    // The public form's clock rules (past days, started slots, the horizon) per request.
    ...routeOf(LeadEntryRoutes.enterAppointment, {
      body: createStaffAppointmentSchema(app.clock, app.config.bookingHorizonDays),
    }),
    handler: async (request, reply) => {
      const { lead, entry } = splitEntry(request, request.body);
      const result = await bookAppointment(db, lead, {
        idempotencyKey: request.headers["idempotency-key"],
        notifyEmail: app.config.agencyNotifyEmail,
        engine: database.engine,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
        entry,
      });
      if (entry.notifyCustomer) app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  const message = (isChanged: boolean) =>
    isChanged ? LEAD_ENTRY_MESSAGES.detailsSaved : LEAD_ENTRY_MESSAGES.detailsUnchanged;

  api.route({
    ...routeOf(LeadEntryRoutes.editContact),
    handler: async (request) => {
      const { record, isChanged } = await changeLeadDetails(
        database,
        "contacts",
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
      return { success: true as const, message: message(isChanged), data: record };
    },
  });

  api.route({
    ...routeOf(LeadEntryRoutes.editQuote),
    handler: async (request) => {
      const { record, isChanged } = await changeLeadDetails(
        database,
        "auto_quotes",
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
      return { success: true as const, message: message(isChanged), data: record };
    },
  });

  api.route({
    ...routeOf(LeadEntryRoutes.editAppointment),
    handler: async (request) => {
      const { record, isChanged } = await changeLeadDetails(
        database,
        "appointments",
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
      return { success: true as const, message: message(isChanged), data: record };
    },
  });
}
