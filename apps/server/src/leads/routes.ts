import {
  ARCHIVE_MESSAGES,
  type ContactList,
  type ContactRecord,
  type ContactRoutes,
  DEFAULT_PAGE_LIMIT,
  type ListQuery,
  type leadAdminRoutes,
  receivedFilterProblem,
  restoreCutoff,
} from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { principalOf } from "../auth/guard.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database } from "../db/schema.ts";
import { csvFileName, toCsv } from "../lib/csv.ts";
import { conflict, HttpError, notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import {
  archiveRecord,
  changeStatus,
  type LeadHooks,
  type LeadTable,
  restoreRecord,
} from "./repository.ts";

type LeadAdminRoutes = ReturnType<typeof leadAdminRoutes<z.ZodType, z.ZodType>>;

export type LeadAdminSpec<Item> = {
  table: LeadTable;
  /** Name in file names: "quotes", "contacts", "appointments". */
  kind: string;
  statuses: readonly string[];
  /** The contract's shared routes of this kind (packages/domain/src/<feature>/api.ts). */
  routes: LeadAdminRoutes;
  list: (
    db: Kysely<Database>,
    params: ListQuery,
    now: Date,
  ) => Promise<{ items: Item[]; total: number }>;
  /** One lead in the list's shape (masked as the list is), archived or not, or undefined. */
  find: (db: Kysely<Database>, id: string) => Promise<Item | undefined>;
  /** The spec's envelope for the list (`{ contacts }` or `{ success, data }`). */
  wrap: (items: Item[]) => object;
  notFoundMessage: string;
  csv: { header: readonly string[]; row: (item: Item) => readonly unknown[] };
  hooks?: LeadHooks;
};

/** The list's parameters with `assigned=me` read as the caller's id. */
function withCaller(request: FastifyRequest<{ Querystring: ListQuery }>): ListQuery {
  const params = request.query;
  if (params.assigned !== "me") return params;
  return { ...params, assigned: principalOf(request).user.id };
}

/** Whether a list call asked for anything beyond the spec's whole list. */
export function isPaged(params: ListQuery): boolean {
  return Object.values(params).some((value) => value !== undefined && value !== "");
}

/** A date filter whose fields are each fine but do not go together is a 400. */
function checkReceivedFilter(params: ListQuery): void {
  const problem = receivedFilterProblem(params);
  if (problem) throw new HttpError(400, problem);
}

/**
 * The admin side every lead list shares: list (whole, or paged / searched / sorted / by
 * status on the server), one lead (the dashboard's lead page), archive (the API's DELETE)
 * and restore, status change and CSV export of the filtered list. All behind the
 * permission its definition declares; every change is audited.
 */
export function registerLeadAdminRoutes<Item>(
  app: FastifyInstance,
  db: Kysely<Database>,
  spec: LeadAdminSpec<Item>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The shared routes have the same schemas for every kind; one kind's types stand for all.
  const routes = spec.routes as unknown as Pick<typeof ContactRoutes, keyof LeadAdminRoutes>;

  api.route({
    ...routeOf(routes.list),
    handler: async (request, reply) => {
      checkReceivedFilter(request.query);
      const { items, total } = await spec.list(db, withCaller(request), app.clock());
      reply.header("cache-control", "no-store");
      const body = spec.wrap(items) as Pick<ContactList, "contacts">;
      if (!isPaged(request.query)) return { ...body, total };
      return {
        ...body,
        total,
        limit: request.query.limit ?? DEFAULT_PAGE_LIMIT,
        offset: request.query.offset ?? 0,
      };
    },
  });

  api.route({
    ...routeOf(routes.export),
    handler: async (request, reply) => {
      checkReceivedFilter(request.query);
      const { items } = await spec.list(db, withCaller(request), app.clock());
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${csvFileName(spec.kind, app.clock())}"`,
        )
        .header("cache-control", "no-store");
      return toCsv(spec.csv.header, items.map(spec.csv.row));
    },
  });

  api.route({
    ...routeOf(routes.one),
    handler: async (request, reply) => {
      const item = await spec.find(db, request.params.id);
      if (item === undefined) throw notFound(spec.notFoundMessage);
      reply.header("cache-control", "no-store");
      return { success: true as const, data: item as ContactRecord };
    },
  });

  api.route({
    ...routeOf(routes.delete),
    handler: async (request) => {
      const { user } = principalOf(request);
      await archiveRecord(
        db,
        spec.table,
        request.params.id,
        { userId: user.id, ip: request.ip },
        spec.notFoundMessage,
        app.clock(),
        spec.hooks,
      );
      return { success: true as const };
    },
  });

  api.route({
    ...routeOf(routes.restore),
    handler: async (request) => {
      const { user } = principalOf(request);
      const now = app.clock();
      try {
        await restoreRecord(
          db,
          spec.table,
          request.params.id,
          { userId: user.id, ip: request.ip },
          restoreCutoff(now),
          now,
          spec.hooks,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ARCHIVE_MESSAGES.slotTakenSinceArchived);
        throw error;
      }
      return { success: true as const };
    },
  });

  api.route({
    ...routeOf(routes.status),
    handler: async (request) => {
      const { status, lostReason, lostDetail } = request.body;
      if (!spec.statuses.includes(status)) {
        throw new HttpError(400, `status must be one of ${spec.statuses.join(", ")}`);
      }
      const { user } = principalOf(request);
      const result = await changeStatus(
        db,
        spec.table,
        request.params.id,
        { status, lostReason: lostReason ?? null, lostDetail: lostDetail ?? null },
        { userId: user.id, ip: request.ip },
        app.clock(),
        spec.hooks,
      );
      return { success: true as const, data: result };
    },
  });
}
