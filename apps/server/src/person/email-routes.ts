import { PERSON_MESSAGES, PeopleRoutes, STAFF_EMAIL_MESSAGES } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { principalOf } from "../auth/index.ts";
import type { Database } from "../db/schema.ts";
import { RELATED_TYPE } from "../lead/index.ts";
import { conflict, notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import {
  type EmailAbout,
  emailsAbout,
  retryStaffEmail,
  type SendEmailRoute,
  sendStaffEmail,
} from "../staff-email/index.ts";
import { findPersonRow, leadIdsOfPerson } from "./repository.ts";
import { PERSON_EMAIL_TYPE } from "./service.ts";

/** The records a person's emails are logged on: the person, then each of their leads. */
async function recordsOf(db: Kysely<Database>, personId: string): Promise<EmailAbout[]> {
  const leads = await leadIdsOfPerson(db, personId);
  return [
    { type: PERSON_EMAIL_TYPE, id: personId },
    ...leads.map((lead) => ({ type: RELATED_TYPE[lead.table], id: lead.id })),
  ];
}

/**
 * Emailing a person from their page (decision 0068's service; decision 0070): the email is
 * logged on the person; their list holds those logged on them and on each of their leads,
 * and a failed one of either is retried here.
 */
export function registerPersonEmailRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof principalOf>[0]) => ({
    user: principalOf(request).user,
    ip: request.ip,
  });

  api.route({
    ...routeOf(PeopleRoutes.emails),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { id } = request.params;
      if (!(await findPersonRow(db, id))) throw notFound(PERSON_MESSAGES.notFound);
      const emails = await emailsAbout(db, await recordsOf(db, id));
      return { success: true as const, data: emails.map((item) => item.email) };
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.sendEmail),
    handler: async (request, reply) => {
      const { id } = request.params;
      const person = await findPersonRow(db, id);
      if (!person) throw notFound(PERSON_MESSAGES.notFound);
      if (person.email.trim() === "") throw conflict(STAFF_EMAIL_MESSAGES.personNoAddress);
      const result = await sendStaffEmail(db, {
        route: PeopleRoutes.sendEmail as unknown as SendEmailRoute,
        idempotencyKey: request.headers["idempotency-key"],
        about: { type: PERSON_EMAIL_TYPE, id },
        recipient: { address: person.email, firstName: person.first_name },
        draft: request.body,
        actor: actorOf(request),
        now: app.clock(),
        stillThere: async (trx) => (await findPersonRow(trx, id)) !== undefined,
      });
      app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.retryEmail),
    handler: async (request) => {
      const { id, emailId } = request.params;
      if (!(await findPersonRow(db, id))) throw notFound(PERSON_MESSAGES.notFound);
      const found = (await emailsAbout(db, await recordsOf(db, id))).find(
        (item) => item.email._id === emailId,
      );
      if (!found) throw notFound(STAFF_EMAIL_MESSAGES.emailNotFound);
      const data = await retryStaffEmail(db, found.about, emailId, actorOf(request), app.clock());
      app.mailer.deliverSoon();
      return { success: true as const, message: "Email queued again", data };
    },
  });
}
