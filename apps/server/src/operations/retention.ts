import { restoreCutoff } from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import { RELATED_TYPE } from "../lead/index.ts";
import { nowIso } from "../lib/ids.ts";
import { AGENCY_DAY_LIST_RELATED } from "../reminders/index.ts";

const DAY_MS = 86_400_000;

export type RetentionResult = Record<"auto_quotes" | "contacts" | "appointments", number> & {
  mail: number;
  housekeeping: number;
};

/**
 * Purges leads older than the retention period, and archived leads past their
 * ARCHIVE_RESTORE_DAYS (decision 0028), quotes with their drivers, with the mail queued
 * about them, their notes and read marks; plus expired technical rows (idempotency keys,
 * sign-in failures, ended sessions, spent links). One audit entry records the counts.
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
      mail: 0,
      housekeeping: 0,
    };
    for (const table of ["auto_quotes", "contacts", "appointments"] as const) {
      const ids = (
        await trx
          .selectFrom(table)
          .select("id")
          .where((eb) =>
            eb.or([eb("created_at", "<", cutoff), eb("archived_at", "<", archiveCutoff)]),
          )
          .execute()
      ).map((r) => r.id);
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const mail = await trx
          .deleteFrom("mail_outbox")
          .where("related_type", "=", RELATED_TYPE[table])
          .where("related_id", "in", chunk)
          .executeTakeFirst();
        result.mail += Number(mail.numDeletedRows);
        await trx
          .deleteFrom("lead_notes")
          .where("lead_type", "=", RELATED_TYPE[table])
          .where("lead_id", "in", chunk)
          .execute();
        await trx
          .deleteFrom("notification_reads")
          .where("item_type", "=", RELATED_TYPE[table])
          .where("item_id", "in", chunk)
          .execute();
        // Audit entries that hold the lead's contact details (a change's before and after)
        // go with it; the rest of its audit trail stays.
        await trx
          .deleteFrom("audit_log")
          .where("action", "=", "lead.details_changed")
          .where("target_type", "=", RELATED_TYPE[table])
          .where("target_id", "in", chunk)
          .execute();
        if (table === "appointments") {
          await trx
            .deleteFrom("appointment_reminders")
            .where("appointment_id", "in", chunk)
            .execute();
        }
        const deleted = await trx.deleteFrom(table).where("id", "in", chunk).executeTakeFirst();
        result[table] += Number(deleted.numDeletedRows);
      }
    }
    // The agency's day lists name several appointments' people: they go by age too.
    const dayLists = await trx
      .deleteFrom("mail_outbox")
      .where("related_type", "=", AGENCY_DAY_LIST_RELATED)
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    result.mail += Number(dayLists.numDeletedRows);
    await trx.deleteFrom("agency_day_lists").where("queued_at", "<", cutoff).execute();
    const day = nowIso(new Date(now.getTime() - DAY_MS));
    const week = nowIso(new Date(now.getTime() - 7 * DAY_MS));
    const housekeeping = await Promise.all([
      trx.deleteFrom("idempotency_keys").where("created_at", "<", day).executeTakeFirst(),
      trx.deleteFrom("login_failures").where("created_at", "<", day).executeTakeFirst(),
      trx.deleteFrom("sessions").where("expires_at", "<", week).executeTakeFirst(),
      trx.deleteFrom("password_tokens").where("expires_at", "<", week).executeTakeFirst(),
      trx
        .deleteFrom("rate_limit_counters")
        .where("expires_at", "<", nowIso(now))
        .executeTakeFirst(),
    ]);
    result.housekeeping = housekeeping.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
    if (result.auto_quotes + result.contacts + result.appointments + result.mail > 0) {
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
