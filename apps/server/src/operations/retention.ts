import { restoreCutoff } from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";
import { purgePrivacyRequests } from "../privacy-request/index.ts";
import { AGENCY_DAY_LIST_RELATED } from "../reminders/index.ts";
import { TASK_DAY_LIST_RELATED } from "../task/index.ts";
import {
  expiredLeadIds,
  expiredPersonIds,
  LEAD_TABLES,
  purgeAuditLog,
  purgeDayLists,
  purgeLeads,
  purgePeople,
  purgeTechnicalRows,
} from "./repository.ts";

const DAY_MS = 86_400_000;

/**
 * How long the audit log is kept at least (decision 0084): five years, the insurance data
 * security law's record keeping for cybersecurity events (Minn. Stat. 60A.9852), which is
 * longer than the leads' 36 months; a longer RETENTION_MONTHS keeps it longer. The
 * database refuses to delete younger entries (migration 20261201060000).
 */
export const AUDIT_RETENTION_MONTHS = 60;

/** Audit entries made before this are purged: by the database's clock, never ahead of it. */
export function auditCutoff(retentionMonths: number, now: Date): string {
  // A `now` ahead of the real clock (a test's) cannot move it: the database's trigger
  // judges an entry's age by its own clock and would refuse the whole purge.
  const at = new Date(Math.min(now.getTime(), Date.now()));
  at.setUTCMonth(at.getUTCMonth() - Math.max(AUDIT_RETENTION_MONTHS, retentionMonths));
  return nowIso(at);
}

export type RetentionResult = Record<
  "auto_quotes" | "contacts" | "appointments" | "service_requests",
  number
> & {
  /** People left with no lead and untouched since the cutoff (decision 0066). */
  people: number;
  /**
   * Privacy requests: unverified ones whose link expired, and answered ones answered before
   * the cutoff (decision 0082).
   */
  privacy_requests: number;
  mail: number;
  housekeeping: number;
  /** Audit entries past the audit retention (decision 0084). */
  audit: number;
};

/**
 * Purges leads older than the retention period, and archived leads past their
 * ARCHIVE_RESTORE_DAYS (decision 0028), quotes with their drivers, with the mail queued
 * about them, their notes and read marks; then the people left with no lead (decision 0066);
 * plus expired technical rows (idempotency keys,
 * sign-in failures, ended sessions, spent links), and audit entries older than the audit
 * retention (AUDIT_RETENTION_MONTHS). One audit entry records the counts.
 */
export async function purgeExpired(
  db: Kysely<Database>,
  retentionMonths: number,
  now: Date = new Date(),
): Promise<RetentionResult> {
  const cutoffDate = new Date(now);
  cutoffDate.setUTCMonth(cutoffDate.getUTCMonth() - retentionMonths);
  const cutoff = nowIso(cutoffDate);
  const archiveCutoff = nowIso(restoreCutoff(now));
  return db.transaction().execute(async (trx) => {
    const result: RetentionResult = {
      auto_quotes: 0,
      contacts: 0,
      appointments: 0,
      service_requests: 0,
      people: 0,
      privacy_requests: 0,
      mail: 0,
      housekeeping: 0,
      audit: 0,
    };
    for (const table of LEAD_TABLES) {
      const ids = await expiredLeadIds(trx, table, cutoff, archiveCutoff);
      for (let i = 0; i < ids.length; i += 500) {
        const purged = await purgeLeads(trx, table, ids.slice(i, i + 500));
        result.mail += purged.mail;
        result[table] += purged.leads;
      }
    }
    // A person whose every lead is gone, and whose details nobody changed since, goes too.
    const people = await expiredPersonIds(trx, cutoff);
    for (let i = 0; i < people.length; i += 500) {
      result.people += await purgePeople(trx, people.slice(i, i + 500));
    }
    result.privacy_requests = await purgePrivacyRequests(trx, { now: nowIso(now), cutoff });
    // The agency's day lists name several appointments' people: they go by age too.
    result.mail += await purgeDayLists(trx, AGENCY_DAY_LIST_RELATED, cutoff);
    // So do each assignee's morning lists of tasks (decision 0067).
    result.mail += await purgeDayLists(trx, TASK_DAY_LIST_RELATED, cutoff);
    result.housekeeping = await purgeTechnicalRows(trx, {
      day: nowIso(new Date(now.getTime() - DAY_MS)),
      week: nowIso(new Date(now.getTime() - 7 * DAY_MS)),
      now: nowIso(now),
    });
    result.audit = await purgeAuditLog(trx, auditCutoff(retentionMonths, now));
    if (
      result.auto_quotes +
        result.contacts +
        result.appointments +
        result.people +
        result.privacy_requests +
        result.mail +
        result.audit >
      0
    ) {
      await writeAudit(trx, {
        actorUserId: null,
        action: "retention.purged",
        ip: null,
        details: { retentionMonths, cutoff, archiveCutoff, ...result },
      });
    }
    return result;
  });
}
