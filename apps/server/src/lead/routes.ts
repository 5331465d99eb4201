import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  ARCHIVE_MESSAGES,
  type ContactRecord,
  type ContactRoutes,
  type ListQuery,
  type leadAdminRoutes,
  receivedFilterProblem,
  restoreCutoff,
  unpagedListLimit,
} from "@agency/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { writeExportAudit, writeViewAudit } from "../audit/audit.ts";
import { principalOf, rowCan } from "../auth/index.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database } from "../db/schema.ts";
import { CSV_BOM, csvFileName, csvLines } from "../lib/csv.ts";
import { conflict, HttpError, notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import { type ZodTypeProvider, zodSerializerCompiler } from "../lib/zod-provider.ts";
import { archiveRecord, changeStatus, type LeadHooks, restoreRecord } from "./service.ts";
import { type LeadTable, RELATED_TYPE } from "./tables.ts";

type LeadAdminRoutes = ReturnType<
  typeof leadAdminRoutes<
    { list: string; export: string; one: string; delete: string; status: string; restore: string },
    z.ZodType,
    z.ZodType
  >
>;

export type LeadAdminSpec<Item> = {
  table: LeadTable;
  /** Name in file names: "quotes", "contacts", "appointments". */
  kind: string;
  statuses: readonly string[];
  /** The contract's shared routes of this kind (packages/domain/src/<feature>/api.ts). */
  routes: LeadAdminRoutes;
  /** The ids of one page (`params.limit` rows from `params.offset`), in order, and the total. */
  page: (
    db: Kysely<Database>,
    params: ListQuery,
    now: Date,
  ) => Promise<{ ids: string[]; total: number }>;
  /** These leads in the list's shape, in the order of `ids`. */
  read: (db: Kysely<Database>, ids: readonly string[]) => Promise<Item[]>;
  /** Every lead the filters match, in list order, `batchSize` at a time (the CSV export). */
  batches: (
    db: Kysely<Database>,
    params: ListQuery,
    now: Date,
    batchSize: number,
  ) => AsyncIterable<Item[]>;
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

/**
 * Leads per batch of the CSV export: each batch is read, mapped and written in one turn of
 * the event loop (a few milliseconds), then the server answers whoever else is waiting
 * before the next (decision 0047).
 */
const EXPORT_BATCH_ROWS = 250;

/**
 * Leads per slice of a list answer, read, mapped, serialised and written in one turn of the
 * event loop: 50 quotes cost the server ~4 ms (a 200-row page ~15 ms, over a third of it
 * encoding and writing the answer), so no list call holds it longer (decision 0047).
 */
const LIST_SLICE_ROWS = 50;

/**
 * Writes a list answer a slice at a time, byte for byte what the route's response schema
 * would write whole: the envelope of `spec.wrap` (`{ success, data }` or `{ contacts }`),
 * each item through the item schema's compiled serialiser, then the page's fields.
 */
function listAnswerWriter<Item>(spec: LeadAdminSpec<Item>, routes: LeadAdminRoutes) {
  const envelope = Object.entries(spec.wrap([]));
  const itemsKey = envelope.find(([, value]) => Array.isArray(value))?.[0];
  const listSchema = routes.list.responses[200] as z.ZodObject;
  const itemSchema = itemsKey
    ? (listSchema.shape[itemsKey] as z.ZodArray<z.ZodType> | undefined)?.element
    : undefined;
  if (!itemsKey || !itemSchema) throw new Error(`${spec.kind}: a list answer without its items`);
  const serializeItem = zodSerializerCompiler({
    schema: itemSchema,
    method: "GET",
    url: routes.list.path,
    httpStatus: "200",
  }) as (item: Item) => string;
  // The envelope's fields before the items (`"success":true,`), as JSON writes them.
  const head = envelope
    .filter(([key]) => key !== itemsKey)
    .map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)},`)
    .join("");
  return async function* write(
    first: Item[],
    rest: (() => Promise<Item[]>)[],
    page: { total: number; limit: number; offset: number },
  ): AsyncGenerator<string> {
    let items = first;
    let separator = "";
    yield `{${head}${JSON.stringify(itemsKey)}:[`;
    for (let next = 0; ; next += 1) {
      if (items.length > 0) {
        yield separator + items.map(serializeItem).join(",");
        separator = ",";
      }
      const read = rest[next];
      if (!read) break;
      await nextTurn();
      items = await read();
    }
    yield `],"total":${page.total},"limit":${page.limit},"offset":${page.offset}}`;
  };
}

/**
 * Writes an export's audit once its file has been handed on; the file is gone by then, so a
 * failure to write is logged as an error for the operator, not turned into an answer.
 */
async function auditExport(
  db: Kysely<Database>,
  request: FastifyRequest,
  kind: string,
  targetType: string,
  filter: object,
  ids: readonly string[],
): Promise<void> {
  await writeExportAudit(db, {
    actorUserId: principalOf(request).user.id,
    ip: request.ip,
    kind,
    targetType,
    filter: { ...filter },
    ids,
  }).catch((error: unknown) => request.log.error({ err: error }, "export audit not written"));
}

/** A date filter whose fields are each fine but do not go together is a 400. */
function checkReceivedFilter(params: ListQuery): void {
  const problem = receivedFilterProblem(params);
  if (problem) throw new HttpError(400, problem);
}

/**
 * The admin side every lead list shares: list (a page, searched / sorted / filtered on the
 * server), one lead (the dashboard's lead page), archive (the API's DELETE) and restore,
 * status change and CSV export of the filtered list. All behind the permission its
 * definition declares; every change is audited.
 */
export function registerLeadAdminRoutes<Item>(
  app: FastifyInstance,
  db: Kysely<Database>,
  spec: LeadAdminSpec<Item>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The shared routes have the same schemas for every kind; one kind's types stand for all.
  const routes = spec.routes as unknown as Pick<typeof ContactRoutes, keyof LeadAdminRoutes>;

  const writeListAnswer = listAnswerWriter(spec, routes as unknown as LeadAdminRoutes);
  api.route({
    ...routeOf(routes.list),
    handler: async (request, reply) => {
      checkReceivedFilter(request.query);
      // Never the whole table (decision 0047): without a limit, the first page, or up to
      // the cap for staff who may export anyway; `total` tells the caller it got a part.
      const limit =
        request.query.limit ?? unpagedListLimit(rowCan(principalOf(request).user, "leads.export"));
      const offset = request.query.offset ?? 0;
      const { ids, total } = await spec.page(
        db,
        { ...withCaller(request), limit, offset },
        app.clock(),
      );
      const slices: string[][] = [];
      for (let i = 0; i < ids.length; i += LIST_SLICE_ROWS)
        slices.push(ids.slice(i, i + LIST_SLICE_ROWS));
      // The first slice is read before the answer starts, so a failure there is still an
      // ordinary error answer; the rest follow a slice per turn of the event loop.
      const [firstIds = [], ...restIds] = slices;
      const first = await spec.read(db, firstIds);
      reply.header("cache-control", "no-store").type("application/json; charset=utf-8");
      const rest = restIds.map((slice) => () => spec.read(db, slice));
      const answer = Readable.from(writeListAnswer(first, rest, { total, limit, offset }));
      // A stream of exactly the JSON the response schema describes (listAnswerWriter),
      // which Fastify sends as it is; its typing knows only the object.
      return reply.send(answer as never);
    },
  });

  api.route({
    ...routeOf(routes.export),
    handler: async (request, reply) => {
      checkReceivedFilter(request.query);
      const filter = withCaller(request);
      const batches = spec
        .batches(db, filter, app.clock(), EXPORT_BATCH_ROWS)
        [Symbol.asyncIterator]();
      // The first batch is read before the answer starts, so a failure there is still an
      // ordinary error answer; the file then streams a batch per turn of the event loop.
      const first = await batches.next();
      const exported: string[] = [];
      async function* lines() {
        try {
          yield `${CSV_BOM}${csvLines([spec.csv.header])}`;
          let next = first;
          while (!next.done) {
            // Counted before it is handed on: a download cut short may still have had it.
            for (const item of next.value) exported.push((item as { _id: string })._id);
            yield csvLines(next.value.map(spec.csv.row));
            await nextTurn();
            next = await batches.next();
          }
        } finally {
          // Who took which rows (decision 0084), also when the download was cut short.
          await auditExport(db, request, spec.kind, RELATED_TYPE[spec.table], filter, exported);
        }
      }
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${csvFileName(spec.kind, app.clock())}"`,
        )
        .header("cache-control", "no-store");
      return reply.send(Readable.from(lines()));
    },
  });

  api.route({
    ...routeOf(routes.one),
    handler: async (request, reply) => {
      const item = await spec.find(db, request.params.id);
      if (item === undefined) throw notFound(spec.notFoundMessage);
      await writeViewAudit(db, {
        actorUserId: principalOf(request).user.id,
        target: { type: RELATED_TYPE[spec.table], id: request.params.id },
        ip: request.ip,
      });
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
