import { type ContactRoutes, LeadWorkRoutes, type leadWorkRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { principalOf } from "../../auth/index.ts";
import type { Database } from "../../db/schema.ts";
import { routeOf } from "../../lib/route.ts";
import type { ZodTypeProvider } from "../../lib/zod-provider.ts";
import type { LeadTable } from "../tables.ts";
import { addNote, assignableStaff, assignLead, notesOf } from "./service.ts";

/** Notes and assignment; a kind without X-dates (service requests) has no x-date routes. */
type WorkRoutes = Pick<ReturnType<typeof leadWorkRoutes<string>>, "notes" | "addNote" | "assign">;

/**
 * The routes that work one lead of a kind: notes and calls, assignment (a
 * follow-up is a task now: task/, decision 0067).
 * Staff only; the service decides the finer rules (self or anyone) and audits each change.
 */
export function registerLeadWorkRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  spec: { table: LeadTable; routes: WorkRoutes },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The routes have the same schemas for every kind; one kind's types stand for all.
  const routes = spec.routes as unknown as Pick<typeof ContactRoutes, keyof WorkRoutes>;
  const actorOf = (request: Parameters<typeof principalOf>[0]) => ({
    user: principalOf(request).user,
    ip: request.ip,
  });

  api.route({
    ...routeOf(routes.notes),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await notesOf(db, spec.table, request.params.id) };
    },
  });

  api.route({
    ...routeOf(routes.addNote),
    handler: async (request, reply) => {
      const note = await addNote(
        db,
        spec.table,
        request.params.id,
        request.body,
        actorOf(request),
        app.clock(),
      );
      return reply.code(201).send({ success: true as const, data: note });
    },
  });

  api.route({
    ...routeOf(routes.assign),
    handler: async (request) => {
      const data = await assignLead(
        db,
        spec.table,
        request.params.id,
        request.body.assignedTo,
        actorOf(request),
        app.clock(),
      );
      return { success: true as const, data };
    },
  });
}

/** Who a lead can be assigned to: name and id of active staff. */
export function registerStaffRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...routeOf(LeadWorkRoutes.assignable),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await assignableStaff(db) };
    },
  });
}
