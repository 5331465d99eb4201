import { type Kysely, sql } from "kysely";
import type { AuditLogTable, Database } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";

export type AuditAction =
  | "login.success"
  | "login.failure"
  | "login.locked"
  | "login.challenge"
  | "login.second_factor.success"
  | "login.second_factor.failure"
  | "logout"
  | "password.reset.requested"
  | "password.reset.suppressed"
  | "password.changed"
  | "user.invited"
  | "user.updated"
  | "user.invitation.revoked"
  | "user.invitation.resent"
  | "user.deleted"
  | "session.reuse_detected"
  | "sessions.revoked"
  | "record.deleted"
  | "record.archived"
  | "record.restored"
  | "user.renamed"
  | "record.status"
  | "record.revealed"
  /** Staff opened one record's page data; one per user, record and hour (decision 0084). */
  | "record.viewed"
  /** Staff exported a CSV: its kind, filter and the exported rows' ids (decision 0084). */
  | "records.exported"
  | "lead.entered"
  | "lead.details_changed"
  | "person.updated"
  | "household.linked"
  | "household.changed"
  | "household.unlinked"
  | "person.merged"
  | "person.merge_undone"
  | "person.exported"
  | "person.erased"
  | "disclosure.recorded"
  | "person.consent_revoked"
  | "record.note"
  | "record.assigned"
  | "record.follow_up"
  | "record.emailed"
  | "record.email_retried"
  | "email_template.saved"
  | "email_template.deleted"
  | "task.created"
  | "task.updated"
  | "task.completed"
  | "task.reopened"
  | "retention.purged"
  | "two_factor.setup_started"
  | "two_factor.enrolled"
  | "two_factor.disabled"
  | "two_factor.reset"
  | "two_factor.recovery_code_used"
  | "two_factor.recovery_codes.regenerated"
  | "two_factor.code_failure"
  | "settings.updated"
  | "appointment.rescheduled"
  | "appointment.cancelled"
  | "closure.added"
  | "closure.deleted"
  | "policy.issued"
  | "policy.updated"
  | "policy.cancelled"
  | "policy.non_renewed"
  | "policy.reinstated"
  | "book.imported"
  | "policy.renewed"
  | "policy.next_term"
  | "policy.renewal_state"
  | "policy.expired"
  | "lead.x_date"
  | "privacy_request.verified"
  | "privacy_request.updated"
  | "privacy_request.answered"
  | "consent.stop_link"
  | "mail.suppressed";

export type AuditEntry = {
  actorUserId: string | null;
  action: AuditAction;
  target?: { type: string; id: string };
  ip: string | null;
  /**
   * What changed, never a password, token, code or secret. The record's personal data only
   * where the change is to it (a lead's contact details, before and after): such entries
   * are purged with the lead (operations/retention.ts).
   */
  details?: Record<string, unknown>;
};

/**
 * The entries that hold a person's own details (a change's before and after, a household's
 * members): the only ones the database lets go before five years (migration
 * 20261201060000, decision 0084). Retention and erasure delete them with their records;
 * every other entry names records by id and is kept (decision 0083).
 */
export const PERSONAL_AUDIT_ACTIONS: readonly AuditAction[] = [
  "lead.details_changed",
  "person.updated",
  "household.linked",
  "household.changed",
  "household.unlinked",
];

/** The audit row of an entry, for a change written as rows (a submission's inserts). */
export function auditRow(entry: AuditEntry, now: Date = new Date()): AuditLogTable {
  return {
    id: newId(),
    actor_user_id: entry.actorUserId,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    ip: entry.ip,
    details: JSON.stringify(entry.details ?? {}),
    created_at: nowIso(now),
  };
}

/** Who did what, to what, when and from where. Call inside the change's transaction. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db.insertInto("audit_log").values(auditRow(entry)).execute();
}

/**
 * Staff opened one record's page data (decision 0084): at most one entry per user, record
 * and hour. The database's unique index `audit_log_viewed_once` decides, so two refetches
 * at once still write one; a repeat within the hour is one indexed read.
 */
export async function writeViewAudit(
  db: Kysely<Database>,
  entry: { actorUserId: string; target: { type: string; id: string }; ip: string | null },
): Promise<void> {
  const row = auditRow({ ...entry, action: "record.viewed" });
  // A read first (a page refetches far more often than the hour turns): the same columns and
  // literal condition as the partial index, so both engines answer from it without a write.
  const seen = await db
    .selectFrom("audit_log")
    .select("id")
    .where("action", "=", sql.lit("record.viewed"))
    .where("actor_user_id", "=", entry.actorUserId)
    .where("target_type", "=", entry.target.type)
    .where("target_id", "=", entry.target.id)
    .where(sql`substr(created_at, 1, 13)`, "=", row.created_at.slice(0, 13))
    .executeTakeFirst();
  if (seen) return;
  await db
    .insertInto("audit_log")
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/**
 * Exported ids per `records.exported` entry: 20,000 UUIDs are ~780 kB of JSON, so no entry
 * passes ~1 MB; a bigger export writes several entries (`part` of `parts`), every id kept.
 */
export const EXPORT_IDS_PER_ENTRY = 20_000;

/**
 * Staff exported a CSV (decision 0084): its kind (`quotes`, `people`...), the target type of
 * its rows, its filter (without the search text, which may be a name: `searched` says there
 * was one) and the id of every row written, so `npm run affected` needs nothing but the log.
 */
export async function writeExportAudit(
  db: Kysely<Database>,
  entry: {
    actorUserId: string;
    ip: string | null;
    kind: string;
    targetType: string;
    filter: Record<string, unknown>;
    ids: readonly string[];
  },
): Promise<void> {
  const { q, ...filter } = entry.filter;
  const parts = Math.max(1, Math.ceil(entry.ids.length / EXPORT_IDS_PER_ENTRY));
  const now = new Date();
  const rows = Array.from({ length: parts }, (_, part) =>
    auditRow(
      {
        actorUserId: entry.actorUserId,
        action: "records.exported",
        ip: entry.ip,
        details: {
          kind: entry.kind,
          targetType: entry.targetType,
          filter,
          searched: typeof q === "string" && q !== "",
          count: entry.ids.length,
          part: part + 1,
          parts,
          ids: entry.ids.slice(part * EXPORT_IDS_PER_ENTRY, (part + 1) * EXPORT_IDS_PER_ENTRY),
        },
      },
      now,
    ),
  );
  // One statement per entry: a 20,000-id entry is one bound parameter, far under the limits.
  for (const row of rows) await db.insertInto("audit_log").values(row).execute();
}
