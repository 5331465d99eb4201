import type { Kysely } from "kysely";
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
  | "lead.entered"
  | "lead.details_changed"
  | "person.updated"
  | "household.linked"
  | "household.changed"
  | "household.unlinked"
  | "person.merged"
  | "person.merge_undone"
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
