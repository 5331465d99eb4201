import type { TaskSubjectKind } from "@agency/domain";
import type { Kysely } from "kysely";
import { refreshDuplicateKeys } from "../db/duplicate-keys.ts";
import type { Database } from "../db/schema.ts";
import { type LeadTable, RELATED_TYPE } from "../lead/index.ts";

/** The lead tables retention purges, in this order. */
export const LEAD_TABLES = [
  "auto_quotes",
  "contacts",
  "appointments",
  "service_requests",
] as const satisfies readonly LeadTable[];

/** Ids of leads received before `cutoff`, or archived before `archiveCutoff`. */
export async function expiredLeadIds(
  db: Kysely<Database>,
  table: LeadTable,
  cutoff: string,
  archiveCutoff: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select("id")
    .where((eb) => eb.or([eb("created_at", "<", cutoff), eb("archived_at", "<", archiveCutoff)]))
    .execute();
  return rows.map((r) => r.id);
}

/** How tasks name a lead of each table (TASK_SUBJECT_KINDS). */
const TASK_SUBJECT_OF = {
  auto_quotes: "quote",
  contacts: "contact",
  appointments: "appointment",
  service_requests: "service",
} as const;

/**
 * Deletes leads (at most a few hundred ids) with the mail queued about them, the emails staff
 * sent them from the app (decision 0068), their notes, read marks, reminders, and the audit
 * entries that hold their contact details (a change's before and after; the rest of their
 * audit trail stays). Answers how many mails and leads.
 */
export async function purgeLeads(
  db: Kysely<Database>,
  table: LeadTable,
  ids: string[],
): Promise<{ mail: number; leads: number }> {
  const type = RELATED_TYPE[table];
  const mail = await db
    .deleteFrom("mail_outbox")
    .where("related_type", "=", type)
    .where("related_id", "in", ids)
    .executeTakeFirst();
  await db
    .deleteFrom("staff_emails")
    .where("about_type", "=", type)
    .where("about_id", "in", ids)
    .execute();
  await db
    .deleteFrom("lead_notes")
    .where("lead_type", "=", type)
    .where("lead_id", "in", ids)
    .execute();
  await db
    .deleteFrom("notification_reads")
    .where("item_type", "=", type)
    .where("item_id", "in", ids)
    .execute();
  await db
    .deleteFrom("audit_log")
    .where("action", "=", "lead.details_changed")
    .where("target_type", "=", type)
    .where("target_id", "in", ids)
    .execute();
  // The leads' tasks (decision 0067) and the mail that gave them out go with them.
  await purgeTasksAbout(db, TASK_SUBJECT_OF[table], ids);
  if (table === "appointments") {
    await db.deleteFrom("appointment_reminders").where("appointment_id", "in", ids).execute();
  }
  // A quote's date of birth was one of its person's duplicate keys (decision 0071).
  const people =
    table === "auto_quotes"
      ? await db
          .selectFrom("auto_quotes")
          .select("person_id")
          .distinct()
          .where("id", "in", ids)
          .where("person_id", "is not", null)
          .where("dob", "<>", "")
          .execute()
      : [];
  if (table === "service_requests") {
    await db.deleteFrom("service_attachments").where("request_id", "in", ids).execute();
  }
  const deleted = await db.deleteFrom(table).where("id", "in", ids).executeTakeFirst();
  await refreshDuplicateKeys(
    db,
    people.flatMap((row) => (row.person_id ? [row.person_id] : [])),
  );
  return { mail: Number(mail.numDeletedRows), leads: Number(deleted.numDeletedRows) };
}

/** Deletes the agency's day lists (their mails and claims) queued before `cutoff`. */
export async function purgeDayLists(
  db: Kysely<Database>,
  relatedType: string,
  cutoff: string,
): Promise<number> {
  const mails = await db
    .deleteFrom("mail_outbox")
    .where("related_type", "=", relatedType)
    .where("created_at", "<", cutoff)
    .executeTakeFirst();
  await db.deleteFrom("agency_day_lists").where("queued_at", "<", cutoff).execute();
  await db.deleteFrom("task_day_lists").where("queued_at", "<", cutoff).execute();
  return Number(mails.numDeletedRows);
}

/**
 * Deletes expired technical rows: idempotency keys and sign-in failures after a day, ended
 * sessions and spent links after a week, rate-limit counters once expired. Answers the count.
 */
export async function purgeTechnicalRows(
  db: Kysely<Database>,
  at: { day: string; week: string; now: string },
): Promise<number> {
  const deleted = await Promise.all([
    db.deleteFrom("idempotency_keys").where("created_at", "<", at.day).executeTakeFirst(),
    db.deleteFrom("login_failures").where("created_at", "<", at.day).executeTakeFirst(),
    db.deleteFrom("sessions").where("expires_at", "<", at.week).executeTakeFirst(),
    db.deleteFrom("password_tokens").where("expires_at", "<", at.week).executeTakeFirst(),
    db.deleteFrom("rate_limit_counters").where("expires_at", "<", at.now).executeTakeFirst(),
  ]);
  return deleted.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
}

/** Deletes audit entries made before `cutoff` (decision 0084). Answers how many. */
export async function purgeAuditLog(db: Kysely<Database>, cutoff: string): Promise<number> {
  const deleted = await db
    .deleteFrom("audit_log")
    .where("created_at", "<", cutoff)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * People (decision 0066) who no longer have any lead and whose details nobody changed
 * since `cutoff`: what retention forgets once their leads are gone.
 */
export async function expiredPersonIds(db: Kysely<Database>, cutoff: string): Promise<string[]> {
  const rows = await db
    .selectFrom("persons")
    .select("persons.id")
    .where("persons.updated_at", "<", cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("auto_quotes")
            .select("auto_quotes.id")
            .whereRef("auto_quotes.person_id", "=", "persons.id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("contacts")
            .select("contacts.id")
            .whereRef("contacts.person_id", "=", "persons.id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("appointments")
            .select("appointments.id")
            .whereRef("appointments.person_id", "=", "persons.id"),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("service_requests")
            .select("service_requests.id")
            .whereRef("service_requests.person_id", "=", "persons.id"),
        ),
      ),
    )
    // A client (a person with a policy) stays, whatever their leads (decision 0072).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("policies")
            .select("policies.id")
            .whereRef("policies.person_id", "=", "persons.id"),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** The audit actions of household changes, kept as long as the member they are about. */
const HOUSEHOLD_AUDIT_ACTIONS = [
  "household.linked",
  "household.changed",
  "household.unlinked",
] as const;

/**
 * Deletes people (at most a few hundred ids) with their match keys, the tasks about them
 * and the mail that gave those out, the emails staff sent them from their page, their
 * household links (decision 0070), and the audit entries holding their details (a change's
 * before and after, their household changes). Answers how many.
 */
export async function purgePeople(db: Kysely<Database>, ids: string[]): Promise<number> {
  await purgePersonRecords(db, ids);
  const deleted = await db.deleteFrom("persons").where("id", "in", ids).executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/**
 * What purgePeople deletes around people, their rows themselves left: an erasure keeps a
 * person's row (anonymised) when a policy or the consent ledger still points at it
 * (decision 0083).
 */
export async function purgePersonRecords(db: Kysely<Database>, ids: string[]): Promise<void> {
  await purgeTasksAbout(db, "person", ids);
  await db
    .deleteFrom("staff_emails")
    .where("about_type", "=", "person")
    .where("about_id", "in", ids)
    .execute();
  await db
    .deleteFrom("audit_log")
    .where("action", "in", ["person.updated", ...HOUSEHOLD_AUDIT_ACTIONS])
    .where("target_type", "=", "person")
    .where("target_id", "in", ids)
    .execute();
  // Their household ends with them: as a member, and as a primary (its members are freed).
  await db
    .deleteFrom("household_members")
    .where((eb) => eb.or([eb("person_id", "in", ids), eb("primary_person_id", "in", ids)]))
    .execute();
  await db.deleteFrom("person_keys").where("person_id", "in", ids).execute();
}

/** Deletes the tasks about these records (decision 0067) and the mail that gave them out. */
async function purgeTasksAbout(
  db: Kysely<Database>,
  kind: TaskSubjectKind,
  ids: string[],
): Promise<void> {
  const tasks = await db
    .selectFrom("tasks")
    .select("id")
    .where("subject_type", "=", kind)
    .where("subject_id", "in", ids)
    .execute();
  if (tasks.length === 0) return;
  await db
    .deleteFrom("mail_outbox")
    .where("related_type", "=", "task")
    .where(
      "related_id",
      "in",
      tasks.map((task) => task.id),
    )
    .execute();
  await db
    .deleteFrom("tasks")
    .where("subject_type", "=", kind)
    .where("subject_id", "in", ids)
    .execute();
}
