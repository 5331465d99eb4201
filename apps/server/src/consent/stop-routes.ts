import {
  type DoNotContactKind,
  isDoNotContactKind,
  STAFF_EMAIL_MESSAGES,
  STOP_LINK_MESSAGES,
  StopLinkRoutes,
  type StopResult,
  stopPagePath,
} from "@agency/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { findLeadRow, type LeadTable } from "../lead/index.ts";
import { HttpError, notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { perAddressLimit } from "../plugins/rate-limit.ts";
import { addressRevokedSince, personRevokedSince, stopContacting } from "./stop-link.ts";

const LEAD_TABLES: Record<Exclude<DoNotContactKind, "person">, LeadTable> = {
  quote: "auto_quotes",
  contact: "contacts",
  appointment: "appointments",
  service: "service_requests",
};

import { verifyStopToken } from "./stop-token.ts";

const FORM = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

/**
 * A form (the stop page without scripts) asks for a page back, not JSON: it gets a 303 to
 * the stop page with the result. A mail program's RFC 8058 POST and the page's own call
 * get JSON.
 */
function wantsPage(request: FastifyRequest, isOneClick: boolean): boolean {
  const type = request.headers["content-type"] ?? "";
  const accept = request.headers.accept ?? "";
  return !isOneClick && type.startsWith(FORM) && accept.includes("text/html");
}

/**
 * The "stop contacting me" link (decision 0081). Public and without a session: its token is
 * the only credential and can only ever revoke its own address's consent, so a cross-site
 * post can do nothing the link itself cannot (RFC 8058 requires a POST without cookies).
 * Form bodies are accepted here only, in a scope of their own: every other route still
 * takes JSON alone.
 */
export function registerStopLinkRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(FORM, { parseAs: "string" }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // RFC 8058 allows multipart too; only its one field matters.
    scope.addContentTypeParser(MULTIPART, { parseAs: "string" }, (_request, body, done) => {
      const isOneClick = /name="?List-Unsubscribe"?\s*\r?\n\r?\nOne-Click/i.test(String(body));
      done(null, isOneClick ? { "List-Unsubscribe": "One-Click" } : {});
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    // Staff: the badge on the person and lead pages, the composer's warning.
    api.route({
      ...routeOf(StopLinkRoutes.doNotContact),
      handler: async (request, reply) => {
        reply.header("cache-control", "no-store");
        const { kind, id } = request.params;
        const db = database.db;
        let since: string | null;
        if (!isDoNotContactKind(kind)) throw notFound();
        if (kind === "person") {
          const person = await db
            .selectFrom("persons")
            .select("id")
            .where("id", "=", id)
            .executeTakeFirst();
          if (!person) throw notFound("Person not found");
          since = await personRevokedSince(db, id);
        } else {
          const lead = await findLeadRow(db, LEAD_TABLES[kind], id);
          if (!lead) throw notFound(STAFF_EMAIL_MESSAGES.leadNotFound);
          since = lead.email.trim() === "" ? null : await addressRevokedSince(db, lead.email);
        }
        return { success: true as const, data: { since } };
      },
    });
    api.route({
      ...routeOf(StopLinkRoutes.stop),
      config: { rateLimit: perAddressLimit(app, 30, 10 * 60 * 1000) },
      handler: async (request, reply) => {
        reply.header("cache-control", "no-store");
        const { token } = request.params;
        const isOneClick = request.body?.["List-Unsubscribe"] === "One-Click";
        const toPage = wantsPage(request, isOneClick);
        const claim = verifyStopToken(token, app.config.jwtSecret);
        if (!claim) {
          if (toPage) return redirectToPage(reply, token, "invalid");
          throw notFound(STOP_LINK_MESSAGES.invalid);
        }
        try {
          await stopContacting(database.db, database.engine, {
            claim,
            via: isOneClick ? "one-click" : "email-link",
            ip: request.ip,
            now: app.clock(),
          });
        } catch (error) {
          if (toPage && error instanceof HttpError && error.statusCode === 409) {
            return redirectToPage(reply, token, "replayed");
          }
          throw error;
        }
        if (toPage) return redirectToPage(reply, token, "done");
        // The same answer whether or not the address belongs to anyone (no enumeration).
        return { success: true as const, message: STOP_LINK_MESSAGES.done };
      },
    });
  });
}

function redirectToPage(reply: FastifyReply, token: string, result: StopResult) {
  return reply
    .code(303)
    .header("location", `${stopPagePath(encodeURIComponent(token))}?result=${result}`)
    .send();
}
