import {
  type ContactRoutes,
  EmailTemplateRoutes,
  type leadEmailRoutes,
  STAFF_EMAIL_MESSAGES,
  type StaffEmailDraft,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { principalOf } from "../auth/index.ts";
import type { Database } from "../db/schema.ts";
import { findLeadRow, type LeadTable, markFirstResponse, RELATED_TYPE } from "../lead/index.ts";
import { notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import {
  changeEmailTemplate,
  createEmailTemplate,
  type EmailRecipient,
  emailsOf,
  emailTemplates,
  removeEmailTemplate,
  retryStaffEmail,
  type SendEmailRoute,
  sendStaffEmail,
} from "./service.ts";

type EmailRoutes = ReturnType<typeof leadEmailRoutes<string>>;

const actorOf = (request: Parameters<typeof principalOf>[0]) => ({
  user: principalOf(request).user,
  ip: request.ip,
});

/** Who a lead's email goes to: its address ("" when staff took it without one) and first name. */
async function leadRecipient(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
): Promise<EmailRecipient | null> {
  const row = await findLeadRow(db, table, id);
  if (!row) return null;
  const firstName =
    "first_name" in row ? row.first_name : ("name" in row ? row.name : "").trim().split(/\s+/)[0];
  return { address: row.email, firstName: firstName ?? "" };
}

/**
 * Emailing one lead of a kind (decision 0068): the lead is the record the email is logged
 * on and the person it goes to. A person's routes will adapt the same service.
 */
export function registerLeadEmailRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  spec: {
    table: LeadTable;
    routes: EmailRoutes;
    /** The draft as this kind sends it (a service request's reference in its subject). */
    draftOf?: (id: string, draft: StaffEmailDraft) => Promise<StaffEmailDraft>;
  },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The routes have the same schemas for every kind; one kind's types stand for all.
  const routes = spec.routes as unknown as Pick<typeof ContactRoutes, keyof EmailRoutes>;
  const aboutOf = (id: string) => ({ type: RELATED_TYPE[spec.table], id });
  const exists = async (id: string) => (await findLeadRow(db, spec.table, id)) !== undefined;

  api.route({
    ...routeOf(routes.emails),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { id } = request.params;
      return { success: true as const, data: await emailsOf(db, aboutOf(id), () => exists(id)) };
    },
  });

  api.route({
    ...routeOf(routes.sendEmail),
    handler: async (request, reply) => {
      const { id } = request.params;
      const recipient = await leadRecipient(db, spec.table, id);
      if (!recipient) throw notFound(STAFF_EMAIL_MESSAGES.leadNotFound);
      const now = app.clock();
      const result = await sendStaffEmail(db, {
        route: spec.routes.sendEmail as unknown as SendEmailRoute,
        idempotencyKey: request.headers["idempotency-key"],
        about: aboutOf(id),
        recipient,
        draft: spec.draftOf ? await spec.draftOf(id, request.body) : request.body,
        actor: actorOf(request),
        now,
        // Inside the email's transaction: the lead is still there, and this email may be
        // the first response to it (decision 0074).
        stillThere: async (trx) => {
          if ((await findLeadRow(trx, spec.table, id)) === undefined) return false;
          await markFirstResponse(trx, spec.table, id, now);
          return true;
        },
      });
      app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    ...routeOf(routes.retryEmail),
    handler: async (request) => {
      const { id, emailId } = request.params;
      const data = await retryStaffEmail(db, aboutOf(id), emailId, actorOf(request), app.clock());
      app.mailer.deliverSoon();
      return { success: true as const, message: "Email queued again", data };
    },
  });
}

/** The saved templates: listed for everyone who emails leads, kept by Managers and above. */
export function registerEmailTemplateRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(EmailTemplateRoutes.list),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await emailTemplates(db) };
    },
  });

  api.route({
    ...routeOf(EmailTemplateRoutes.create),
    handler: async (request, reply) => {
      const data = await createEmailTemplate(db, request.body, actorOf(request), app.clock());
      return reply.code(201).send({ success: true as const, data });
    },
  });

  api.route({
    ...routeOf(EmailTemplateRoutes.update),
    handler: async (request) => {
      const data = await changeEmailTemplate(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
      return { success: true as const, data };
    },
  });

  api.route({
    ...routeOf(EmailTemplateRoutes.delete),
    handler: async (request) => {
      await removeEmailTemplate(db, request.params.id, actorOf(request));
      return { success: true as const };
    },
  });
}
