import {
  formatAgencyTimestamp,
  HONEYPOT_FIELD,
  PERSON_MESSAGES,
  SERVICE_KIND_LABELS,
  SERVICE_MESSAGES,
  SERVICE_REQUEST_MAX_BODY_BYTES,
  SERVICE_STATUS_LABELS,
  SERVICE_STATUSES,
  type ServiceKind,
  ServiceRoutes,
  type ServiceStatus,
  serviceEmailDraft,
} from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { principalOf, rowCan } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { findLeadRow, registerLeadAdminRoutes, registerLeadWorkRoutes } from "../lead/index.ts";
import { notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { registerLeadEmailRoutes } from "../staff-email/index.ts";
import {
  dueServiceRequests,
  findServiceRequest,
  readServiceRequests,
  readServiceSettings,
  serviceBatches,
  servicePage,
  serviceRequestsOfPerson,
  updateServiceSettings,
} from "./pipeline.ts";
import { findAttachment, personExists } from "./repository.ts";
import { pretendServiceSubmitted, submitServiceRequest } from "./submit.ts";

const actorOf = (request: FastifyRequest) => ({
  userId: principalOf(request).user.id,
  ip: request.ip,
});

/** One line per request; the files are named in the app, never their bytes. */
const CSV_HEADER = [
  "id",
  "reference",
  "received",
  "kind",
  "status",
  "due by",
  "name",
  "email",
  "phone",
  "carrier",
  "policy number",
  "files",
] as const;

/**
 * The staff side of the service pipeline (issue 29 §2, decision 0078): requests are worked
 * by the lead machinery as a fourth lead table (list, export, one, archive, restore,
 * status, notes, assignment, email), plus a person's requests and the due-by setting.
 */
function registerServicePipelineRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  registerLeadWorkRoutes(app, db, { table: "service_requests", routes: ServiceRoutes });
  registerLeadEmailRoutes(app, db, {
    table: "service_requests",
    routes: ServiceRoutes,
    draftOf: async (id, draft) => {
      const row = await findLeadRow(db, "service_requests", id);
      return row ? serviceEmailDraft(row.reference, draft) : draft;
    },
  });
  registerLeadAdminRoutes(app, db, {
    table: "service_requests",
    kind: "service-requests",
    statuses: SERVICE_STATUSES,
    routes: ServiceRoutes,
    page: servicePage,
    read: readServiceRequests,
    batches: serviceBatches,
    find: findServiceRequest,
    wrap: (items) => ({ success: true, data: items }),
    notFoundMessage: SERVICE_MESSAGES.notFound,
    csv: {
      header: CSV_HEADER,
      row: (r) => [
        r._id,
        r.reference,
        formatAgencyTimestamp(r.createdAt),
        SERVICE_KIND_LABELS[r.kind as ServiceKind] ?? r.kind,
        SERVICE_STATUS_LABELS[r.status as ServiceStatus] ?? r.status,
        r.dueOn,
        r.name,
        r.email,
        r.phone,
        r.carrier,
        r.policyNumber,
        r.attachments.length,
      ],
    },
  });

  api.route({
    ...routeOf(ServiceRoutes.due),
    handler: async (request, reply) => {
      const { user } = principalOf(request);
      reply.header("cache-control", "no-store");
      return dueServiceRequests(
        db,
        { userId: user.id, mayAssign: rowCan(user, "leads.assign") },
        app.clock(),
      );
    },
  });

  api.route({
    ...routeOf(ServiceRoutes.ofPerson),
    handler: async (request, reply) => {
      const { id } = request.params;
      const data = await serviceRequestsOfPerson(db, id);
      if (data.length === 0 && !(await personExists(db, id))) {
        throw notFound(PERSON_MESSAGES.notFound);
      }
      reply.header("cache-control", "no-store");
      return { success: true as const, data };
    },
  });

  api.route({
    ...routeOf(ServiceRoutes.settings),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await readServiceSettings(db) };
    },
  });

  api.route({
    ...routeOf(ServiceRoutes.updateSettings),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        success: true as const,
        data: await updateServiceSettings(db, request.body.days, actorOf(request), app.clock()),
      };
    },
  });
}

/** The Client Center's public route and the staff's file download (decision 0077). */
export function registerServiceRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  registerServicePipelineRoutes(app, database);

  api.route({
    ...routeOf(ServiceRoutes.send),
    // The files come inside the JSON (base64): this route alone takes up to 25 MB of them.
    bodyLimit: SERVICE_REQUEST_MAX_BODY_BYTES,
    config: { rateLimit: perAddressLimit(app, 5, 10 * 60 * 1000) },
    handler: async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, formattedPhone: _shown, ...fields } = request.body;
      const isBot = typeof honeypot === "string" ? honeypot.trim() !== "" : Boolean(honeypot);
      if (isBot) request.log.info("client center honeypot filled; nothing stored");
      const result = isBot
        ? pretendServiceSubmitted(app.clock())
        : await submitServiceRequest(database.db, fields, {
            idempotencyKey: request.headers["idempotency-key"],
            notifyEmail: app.config.agencyNotifyEmail,
            publicUrl: app.config.publicUrl,
            now: app.clock(),
          });
      if (!isBot) app.mailer.deliverSoon();
      return reply.code(result.statusCode).send(result.body);
    },
  });

  api.route({
    ...routeOf(ServiceRoutes.attachment),
    handler: async (request, reply) => {
      const file = await findAttachment(
        database.db,
        request.params.id,
        request.params.attachmentId,
      );
      if (!file) throw notFound(SERVICE_MESSAGES.attachmentNotFound);
      const name = file.name;
      // Always a download, never rendered by the browser: the type is the content's own,
      // sniffing is off, and the page's CSP would sandbox it anyway.
      const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return reply
        .header("content-type", file.type)
        .header(
          "content-disposition",
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("content-security-policy", "sandbox; default-src 'none'")
        .send(Buffer.from(file.data));
    },
  });
}
