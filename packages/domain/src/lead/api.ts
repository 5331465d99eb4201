import * as z from "zod";
import { SuccessSchema } from "../api/common.ts";
import { CSV_RESPONSE, defineRoute } from "../api/define-route.ts";
import { IdParamsSchema, queryText, RecordIdSchema } from "../api/params.ts";
import { isCalendarDate } from "../calendar-date.ts";
import { FirstTouchRecordSchema } from "./first-touch-schema.ts";
import { RECEIVED_MESSAGES, RECEIVED_PRESETS } from "./received.ts";
import { checkLostReason, LEAD_WORK_FIELDS, LOST_REASON_FIELDS } from "./work.ts";

/** A Central calendar day in a list's query string. */
function queryDate(message: string) {
  return z.string().max(10, { error: message }).refine(isCalendarDate, { error: message });
}

/** The most rows one list page may ask for (`limit`). */
export const MAX_PAGE_LIMIT = 200;
/**
 * Rows in a list answer that names no `limit`, for staff who cannot export: the first page
 * (decision 0047). Their lists are read page by page, as the dashboard reads them.
 */
export const DEFAULT_PAGE_LIMIT = 200;
/**
 * Rows in a list answer that names no `limit`, for staff who may export (`leads.export`):
 * the spec's "whole list" up to this many (decision 0047); every row is in the CSV export.
 */
export const UNPAGED_LIST_CAP = 1000;
/** How many rows a list call without `limit` answers (decision 0047). */
export function unpagedListLimit(canExport: boolean): number {
  return canExport ? UNPAGED_LIST_CAP : DEFAULT_PAGE_LIMIT;
}

/** The longest search (`q`) a list accepts. */
export const MAX_LIST_SEARCH = 100;

/** The deepest `offset` a list accepts. */
export const MAX_LIST_OFFSET = 10_000_000;

const limitMessage = `limit must be 1 to ${MAX_PAGE_LIMIT}`;

/**
 * Optional paging, search, sort, status and date filters for the dashboard's lists. Called
 * without `limit`, a list answers its first DEFAULT_PAGE_LIMIT rows, or UNPAGED_LIST_CAP for
 * staff who may export, always with `total` (decision 0047).
 */
export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, limitMessage).max(MAX_PAGE_LIMIT, limitMessage).optional(),
  offset: z.coerce
    .number()
    .int()
    .min(0, "offset must be 0 or more")
    .max(MAX_LIST_OFFSET, `offset must be at most ${MAX_LIST_OFFSET}`)
    .optional(),
  q: queryText(MAX_LIST_SEARCH, `q must be at most ${MAX_LIST_SEARCH} characters`).optional(),
  sort: z
    .string()
    .regex(/^[a-zA-Z]+(:(asc|desc))?$/, "sort must look like field or field:asc / field:desc")
    .optional(),
  status: queryText(20, "status must be at most 20 characters").optional(),
  /** When the lead arrived, on the agency's calendar: a preset, or `from`/`to` (inclusive days). */
  received: z.enum(RECEIVED_PRESETS, { error: RECEIVED_MESSAGES.preset }).optional(),
  from: queryDate(RECEIVED_MESSAGES.from).optional(),
  to: queryDate(RECEIVED_MESSAGES.to).optional(),
  /** `true`: only archived leads (the Archived filter); otherwise archived leads are left out. */
  archived: z.enum(["true", "false"], { error: "archived must be true or false" }).optional(),
  /** "me" (the caller), "none" (nobody yet) or a staff member's id. */
  assigned: z
    .union([z.enum(["me", "none"]), RecordIdSchema], {
      error: "assigned must be me, none or a staff member's id",
    })
    .optional(),
});
export type ListQuery = z.output<typeof ListQuerySchema>;

/** Just a page, for the lists with nothing to search or filter (policies). */
export const PageQuerySchema = ListQuerySchema.pick({ limit: true, offset: true });

/** The CSV export takes the list's filters, never a page: it has every matching row. */
export const ListExportQuerySchema = ListQuerySchema.omit({ limit: true, offset: true });

/** The sort names each lead list accepts (`sort=name` or `sort=name:desc`). */
export const LEAD_SORT_KEYS = {
  quotes: ["date", "name", "amount", "email", "nextTask"],
  contacts: ["date", "name", "email", "nextTask"],
  appointments: ["created", "date", "name", "service", "nextTask"],
  /** Client Center requests (decision 0077): arrival, due by, sender, kind, next task. */
  service: ["date", "due", "name", "kind", "nextTask"],
} as const;
export type QuoteSortKey = (typeof LEAD_SORT_KEYS.quotes)[number];
export type ContactSortKey = (typeof LEAD_SORT_KEYS.contacts)[number];
export type AppointmentSortKey = (typeof LEAD_SORT_KEYS.appointments)[number];
export type ServiceSortKey = (typeof LEAD_SORT_KEYS.service)[number];
/** A `sort` value for a list with these keys: `name`, `name:asc` or `name:desc`. */
export type LeadSort<Key extends string> = Key | `${Key}:asc` | `${Key}:desc`;

/** What every stored lead carries beside its own fields: id, arrival, where it stands and since when. */
export const LEAD_RECORD_FIELDS = {
  _id: z.string(),
  createdAt: z.string(),
  /** One of the kind's statuses (QUOTE_STATUSES, CONTACT_STATUSES, APPOINTMENT_STATUSES). */
  status: z.string(),
  statusChangedAt: z.string(),
  /** When it was archived (null while it is live); restorable for ARCHIVE_RESTORE_DAYS. */
  archivedAt: z.string().nullable(),
  /** How it reached the agency: "web" (a public form), or "phone", "walk-in", "referral", "other", "email" (LEAD_SOURCES). */
  source: z.string(),
  /** A web lead's first touch (utm, referring site or "direct"; decision 0074); null otherwise and for leads from before. */
  firstTouch: FirstTouchRecordSchema,
  /** When staff first acted on it (a note, call, status change or email); null until then. */
  firstResponseAt: z.string().nullable(),
  /** The person behind it (GET /api/people/:id; decision 0066); null only for a lead stored before matching. */
  personId: z.string().nullable(),
  ...LEAD_WORK_FIELDS,
  /** When its next open task is due (ISO UTC), null when it has none (decision 0067). */
  nextTaskAt: z.string().nullable(),
};

/** A new status; "lost" takes a reason (work.ts), and leaving lost clears it. */
export const StatusChangeSchema = z
  .object({
    status: z.string({ error: "status is required" }).trim().min(1, "status is required"),
    ...LOST_REASON_FIELDS,
  })
  .superRefine(checkLostReason);
export type StatusChange = z.output<typeof StatusChangeSchema>;

export const StatusChangedSchema = z.object({
  success: z.literal(true),
  data: z.object({
    status: z.string(),
    statusChangedAt: z.string(),
    lostReason: z.string().nullable(),
    lostDetail: z.string().nullable(),
  }),
});

/**
 * On every list answer: how many rows match (`total`) and which of them this answer holds
 * (`limit` rows from `offset`), so a caller can tell when it got a part (decision 0047).
 */
export const LIST_PAGE_FIELDS = {
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
};

/** One lead as the API returns it: `{ success, data }` (the dashboard's lead page). */
export function leadRecordAnswer<Item extends z.ZodType>(item: Item) {
  return z.object({ success: z.literal(true), data: item });
}

/** A lead list's answer in the spec's `{ success, data }` envelope, with the page. */
export function leadListAnswer<Item extends z.ZodType>(item: Item) {
  return z.object({ success: z.literal(true), data: z.array(item), ...LIST_PAGE_FIELDS });
}

/**
 * The staff routes every lead kind shares: the list, its CSV export, one lead, delete
 * (which archives) and restore, and status change, at the paths the spec (or the
 * dashboard) gave each kind.
 */
export function leadAdminRoutes<
  const Paths extends {
    list: string;
    export: string;
    one: string;
    delete: string;
    status: string;
    restore: string;
  },
  List extends z.ZodType,
  Item extends z.ZodType,
>(spec: {
  label: string;
  /** `one` is the lead page's read (`/api/contacts/:id`); the others are the spec's. */
  paths: Paths;
  list: List;
  record: Item;
}) {
  return {
    list: defineRoute({
      method: "GET",
      // Each path keeps the literal the caller gave (TypeScript would widen it to string
      // here), so API_ENDPOINTS is checked against it.
      path: spec.paths.list as Paths["list"],
      summary: `List ${spec.label}, newest first, a page at a time (without limit: the first ${DEFAULT_PAGE_LIMIT}, or ${UNPAGED_LIST_CAP} for staff who may export; total says how many match), searched, sorted, filtered`,
      access: "leads.view",
      query: ListQuerySchema,
      responses: { 200: spec.list },
    }),
    export: defineRoute({
      method: "GET",
      path: spec.paths.export as Paths["export"],
      summary: `Export the filtered ${spec.label} as CSV`,
      access: "leads.export",
      query: ListExportQuerySchema,
      responses: { 200: CSV_RESPONSE },
    }),
    one: defineRoute({
      method: "GET",
      path: spec.paths.one as Paths["one"],
      summary: `One of the ${spec.label}, archived or not (404 for an unknown id)`,
      access: "leads.view",
      params: IdParamsSchema,
      responses: { 200: leadRecordAnswer(spec.record) },
    }),
    delete: defineRoute({
      method: "DELETE",
      path: spec.paths.delete as Paths["delete"],
      summary: `Archive one of the ${spec.label} (restorable for 30 days; a second DELETE answers 404)`,
      access: "leads.archive",
      params: IdParamsSchema,
      responses: { 200: SuccessSchema },
    }),
    restore: defineRoute({
      method: "POST",
      path: spec.paths.restore as Paths["restore"],
      summary: `Restore one of the archived ${spec.label} (within 30 days of archiving)`,
      access: "leads.archive",
      params: IdParamsSchema,
      responses: { 200: SuccessSchema },
    }),
    status: defineRoute({
      method: "PATCH",
      path: spec.paths.status as Paths["status"],
      summary: `Move one of the ${spec.label} to another status`,
      access: "leads.work",
      params: IdParamsSchema,
      body: StatusChangeSchema,
      responses: { 200: StatusChangedSchema },
    }),
  };
}
