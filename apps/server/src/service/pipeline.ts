import {
  DEFAULT_SERVICE_DUE_DAYS,
  type ListQuery,
  SERVICE_DUE_DAYS_RANGE,
  SERVICE_DUE_LIST_LIMIT,
  type ServiceAttachment,
  type ServiceDue,
  type ServiceDueItem,
  type ServiceRecord,
  type ServiceSortKey,
  serviceDueState,
  todayInAgencyZone,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database, ServiceRequestsTable } from "../db/schema.ts";
import { writeSetting } from "../db/settings.ts";
import {
  findLeadRow,
  type ListSpec,
  listBatches,
  listPageIds,
  rowsByIds,
  toLeadWork,
} from "../lead/index.ts";
import { nowIso } from "../lib/ids.ts";
import {
  attachmentsOf,
  dueRequests,
  personServiceRequests,
  readDueDays,
  SERVICE_DUE_DAYS_KEY,
} from "./repository.ts";

/**
 * The service pipeline (issue 29 §2, decision 0078): Client Center requests listed, read
 * and exported by the lead machinery, in the API's shape.
 */

export const SERVICE_LIST: ListSpec<"service_requests", ServiceSortKey> = {
  table: "service_requests",
  sorts: {
    date: ["created_at"],
    due: ["due_on"],
    name: ["name"],
    kind: ["kind"],
    nextTask: ["next_task_at"],
  },
  defaultSort: { key: "date", direction: "desc" },
};

/** The kind's own fields as stored (JSON text); anything but text is left out. */
function detailsOf(json: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => {
        return typeof entry[1] === "string";
      }),
    );
  } catch {
    return {};
  }
}

export function toServiceRecord(
  row: ServiceRequestsTable,
  attachments: readonly ServiceAttachment[],
): ServiceRecord {
  return {
    _id: row.id,
    reference: row.reference,
    kind: row.kind,
    name: row.name,
    email: row.email,
    phone: row.phone,
    carrier: row.carrier,
    policyNumber: row.policy_number,
    details: detailsOf(row.details),
    dueOn: row.due_on,
    attachments: [...attachments],
    createdAt: row.created_at,
    status: row.status,
    statusChangedAt: row.status_changed_at ?? row.created_at,
    source: row.source,
    archivedAt: row.archived_at,
    ...toLeadWork(row),
  };
}

/** Rows in the API's shape, each with its files' names and sizes (never their bytes). */
async function toRecords(
  db: Kysely<Database>,
  rows: readonly ServiceRequestsTable[],
): Promise<ServiceRecord[]> {
  const files = await attachmentsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toServiceRecord(row, files.get(row.id) ?? []));
}

/** The ids of one page of requests, in list order, and the total. */
export function servicePage(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
): Promise<{ ids: string[]; total: number }> {
  return listPageIds(db, SERVICE_LIST, params, now);
}

/** These requests in the list's shape, in the order of `ids`. */
export async function readServiceRequests(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<ServiceRecord[]> {
  return toRecords(db, await rowsByIds(db, "service_requests", ids));
}

/** Every request the filters match, in list order and the list's shape, a batch at a time. */
export async function* serviceBatches(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
  batchSize: number,
): AsyncGenerator<ServiceRecord[]> {
  for await (const rows of listBatches(db, SERVICE_LIST, params, now, batchSize)) {
    yield await toRecords(db, rows);
  }
}

/** One request in the API's shape, archived or not, or undefined. */
export async function findServiceRequest(
  db: Kysely<Database>,
  id: string,
): Promise<ServiceRecord | undefined> {
  const row = await findLeadRow(db, "service_requests", id);
  return row ? (await toRecords(db, [row]))[0] : undefined;
}

/** A person's live requests, newest first (the person page). */
export async function serviceRequestsOfPerson(
  db: Kysely<Database>,
  personId: string,
): Promise<ServiceRecord[]> {
  return toRecords(db, await personServiceRequests(db, personId));
}

/** The due-by rule's days (the default when unset or out of range) and when it last changed. */
export async function readServiceSettings(
  db: Kysely<Database>,
): Promise<{ days: number; updatedAt: string | null }> {
  const stored = await readDueDays(db);
  const isInRange =
    stored !== undefined &&
    stored.days >= SERVICE_DUE_DAYS_RANGE.min &&
    stored.days <= SERVICE_DUE_DAYS_RANGE.max;
  return isInRange
    ? { days: stored.days, updatedAt: stored.updatedAt }
    : { days: DEFAULT_SERVICE_DUE_DAYS, updatedAt: stored?.updatedAt ?? null };
}

/**
 * Sets the due-by rule's days, audited with the value before and after. Requests that
 * arrived before keep the due date they were given; the rule applies to new ones.
 */
export async function updateServiceSettings(
  db: Kysely<Database>,
  days: number,
  actor: { userId: string; ip: string },
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const from = (await readServiceSettings(trx)).days;
    await writeSetting(trx, SERVICE_DUE_DAYS_KEY, JSON.stringify(days), actor.userId, nowIso(now));
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "settings.updated",
      target: { type: "setting", id: SERVICE_DUE_DAYS_KEY },
      ip: actor.ip,
      details: { serviceDueDays: { from, to: days } },
    });
    return readServiceSettings(trx);
  });
}

/**
 * The requests whose due date has come (Central `today`), open and live: the caller's, and
 * those without an owner for staff who give work out (as tasks' "Needs an owner").
 */
export async function dueServiceRequests(
  db: Kysely<Database>,
  caller: { userId: string; mayAssign: boolean },
  now: Date,
): Promise<ServiceDue> {
  const today = todayInAgencyZone(now);
  const [mine, unowned] = await Promise.all([
    dueRequests(db, today, caller.userId, SERVICE_DUE_LIST_LIMIT),
    caller.mayAssign ? dueRequests(db, today, null, SERVICE_DUE_LIST_LIMIT) : [],
  ]);
  const toItem = (row: (typeof mine)[number]): ServiceDueItem => ({
    _id: row.id,
    reference: row.reference,
    kind: row.kind,
    name: row.name,
    status: row.status,
    dueOn: row.due_on,
    state: serviceDueState(row.due_on, today) === "overdue" ? "overdue" : "due-today",
    assignedTo: row.assigned_to,
  });
  return { success: true, today, mine: mine.map(toItem), unowned: unowned.map(toItem) };
}
