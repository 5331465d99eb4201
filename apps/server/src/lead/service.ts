import { ARCHIVE_MESSAGES } from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { nowIso } from "../lib/ids.ts";
import { markFirstResponse } from "./first-response.ts";
import { findLeadStatus, markArchived, markRestored, updateLeadStatus } from "./repository.ts";
import { type LeadTable, RELATED_TYPE } from "./tables.ts";

/**
 * What one kind of lead adds to the shared archive, restore and status changes, inside
 * their transactions (appointments: the slot's seat, decision 0033). A hook may refuse
 * with an HttpError, which rolls the change back.
 */
export type LeadHooks = {
  archived?: (trx: Transaction<Database>, id: string, now: Date) => Promise<void>;
  restored?: (trx: Transaction<Database>, id: string, now: Date) => Promise<void>;
  /** Before the row takes its new status (only when the status changes). */
  statusChanging?: (
    trx: Transaction<Database>,
    id: string,
    from: string,
    to: string,
    now: Date,
  ) => Promise<void>;
};

type Actor = { userId: string; ip: string };

/**
 * Archives a live lead (the API's DELETE): it leaves every list, count and export, and can
 * be restored for ARCHIVE_RESTORE_DAYS days. An unknown or already archived id is a 404,
 * so a second DELETE of the same id answers 404.
 */
export async function archiveRecord(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  actor: Actor,
  notFoundMessage: string,
  now: Date,
  hooks: LeadHooks = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await markArchived(trx, table, id, actor.userId, now))) throw notFound(notFoundMessage);
    await hooks.archived?.(trx, id, now);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "record.archived",
      target: { type: RELATED_TYPE[table], id },
      ip: actor.ip,
    });
  });
}

/**
 * Brings an archived lead back into the lists, if it was archived at or after `cutoff`
 * (ARCHIVE_RESTORE_DAYS ago); otherwise a 404. The caller maps a unique violation (an
 * appointment's slot booked since) to a 409.
 */
export async function restoreRecord(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  actor: Actor,
  cutoff: Date,
  now: Date,
  hooks: LeadHooks = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await markRestored(trx, table, id, cutoff, now))) {
      throw notFound(ARCHIVE_MESSAGES.notRestorable);
    }
    await hooks.restored?.(trx, id, now);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "record.restored",
      target: { type: RELATED_TYPE[table], id },
      ip: actor.ip,
    });
  });
}

/**
 * Moves a lead to another status (checked by the caller), with an audit entry of the
 * status and lost reason before and after; answers the new state. "lost" carries its
 * reason; any other status clears it. Nothing changes (and nothing is audited) when both
 * are as they were.
 */
export async function changeStatus(
  db: Kysely<Database>,
  table: LeadTable,
  id: string,
  change: StatusChange,
  actor: Actor,
  now: Date,
  hooks: LeadHooks = {},
): Promise<StatusChanged> {
  return db
    .transaction()
    .execute((trx) => changeStatusIn(trx, table, id, change, actor, now, hooks));
}

/** A status asked for, with its lost reason (null unless lost). */
type StatusChange = { status: string; lostReason: string | null; lostDetail: string | null };

/** A lead's status as a change left it. */
type StatusChanged = {
  status: string;
  statusChangedAt: string;
  lostReason: string | null;
  lostDetail: string | null;
};

/** changeStatus inside the caller's transaction (issuing a policy marks its lead Won, decision 0072). */
export async function changeStatusIn(
  trx: Transaction<Database>,
  table: LeadTable,
  id: string,
  change: StatusChange,
  actor: Actor,
  now: Date,
  hooks: LeadHooks = {},
): Promise<StatusChanged> {
  const { status } = change;
  const lostReason = status === "lost" ? change.lostReason : null;
  const lostDetail = status === "lost" ? change.lostDetail || null : null;
  const current = await findLeadStatus(trx, table, id);
  if (!current) throw notFound("Not found");
  const isSameStatus = current.status === status;
  if (isSameStatus && current.lost_reason === lostReason && current.lost_detail === lostDetail) {
    return {
      status,
      statusChangedAt: current.status_changed_at ?? nowIso(now),
      lostReason,
      lostDetail,
    };
  }
  if (!isSameStatus) await hooks.statusChanging?.(trx, id, current.status, status, now);
  const at = nowIso(now);
  const changedAt = isSameStatus ? (current.status_changed_at ?? at) : at;
  await updateLeadStatus(trx, table, id, {
    status,
    status_changed_at: changedAt,
    lost_reason: lostReason,
    lost_detail: lostDetail,
    updated_at: at,
  });
  await markFirstResponse(trx, table, id, now);
  const wasOrIsLost = current.lost_reason !== null || lostReason !== null;
  await writeAudit(trx, {
    actorUserId: actor.userId,
    action: "record.status",
    target: { type: RELATED_TYPE[table], id },
    ip: actor.ip,
    details: {
      from: current.status,
      to: status,
      ...(wasOrIsLost
        ? {
            lostReason: { from: current.lost_reason, to: lostReason },
            lostDetail: { from: current.lost_detail, to: lostDetail },
          }
        : {}),
    },
  });
  return { status, statusChangedAt: changedAt, lostReason, lostDetail };
}
