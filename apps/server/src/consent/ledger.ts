import { type PrivacyField, personPhoneKey } from "@agency/domain";
import type { Kysely } from "kysely";
import type { Insert } from "../db/group-commit.ts";
import type { ConsentLedgerTable, Database, SubmissionNoticesTable } from "../db/schema.ts";
import { newId, nowIso } from "../lib/ids.ts";

/**
 * The consent ledger (decision 0080): per person, every call/text consent given or revoked.
 * Only ever added to (the database refuses updates and early deletes). A person's standing
 * is their newest entry: "given" means OK to call and text the number it names; "revoked",
 * or no entry, means no.
 */

export type ConsentEntry = {
  personId: string;
  event: ConsentLedgerTable["event"];
  via: string;
  wordingVersion?: string;
  phone?: string;
  form?: string;
  page?: string;
  subject?: { type: string; id: string };
  byUserId?: string | null;
  note?: string;
};

/** The ledger row of an entry (for a change written as rows, in its own transaction). */
export function consentRow(entry: ConsentEntry, now: Date = new Date()): ConsentLedgerTable {
  return {
    id: newId(now.getTime()),
    person_id: entry.personId,
    event: entry.event,
    wording_version: entry.event === "given" ? (entry.wordingVersion ?? "") : "",
    phone: entry.event === "given" ? (entry.phone ?? "") : "",
    via: entry.via,
    form: entry.form ?? "",
    page: entry.page ?? "",
    subject_type: entry.subject?.type ?? null,
    subject_id: entry.subject?.id ?? null,
    by_user_id: entry.byUserId ?? null,
    note: entry.note ?? "",
    created_at: nowIso(now),
  };
}

/** Adds an entry. Call inside the change's transaction. */
export async function appendConsent(
  db: Kysely<Database>,
  entry: ConsentEntry,
  now: Date = new Date(),
): Promise<ConsentLedgerTable> {
  const row = consentRow(entry, now);
  await db.insertInto("consent_ledger").values(row).execute();
  return row;
}

/** A person's ledger, oldest first. */
export function consentLedgerOf(
  db: Kysely<Database>,
  personId: string,
): Promise<ConsentLedgerTable[]> {
  return db
    .selectFrom("consent_ledger")
    .selectAll()
    .where("person_id", "=", personId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

/** A person's newest entry: their standing (null when they never gave or revoked one). */
export async function consentStandingOf(
  db: Kysely<Database>,
  personId: string,
): Promise<ConsentLedgerTable | null> {
  const row = await db
    .selectFrom("consent_ledger")
    .selectAll()
    .where("person_id", "=", personId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The notice row of a public submission; `person_id` is set when the lead is attached. */
export function submissionNoticeRow(
  subject: { type: string; id: string },
  privacy:
    | {
        noticeVersion: string;
        contactConsent: boolean;
        consentVersion: string;
        form: string;
        page: string;
      }
    | undefined,
  now: Date,
): SubmissionNoticesTable {
  return {
    subject_type: subject.type,
    subject_id: subject.id,
    person_id: null,
    notice_version: privacy?.noticeVersion ?? "",
    contact_consent: privacy?.contactConsent ? 1 : 0,
    consent_version: privacy?.contactConsent ? privacy.consentVersion : "",
    form: privacy?.form ?? "",
    page: privacy?.page ?? "",
    created_at: nowIso(now),
  };
}

/**
 * What a public submission stores of its notice and consent, in its own transaction: the
 * notice row, and a "given" entry when the optional consent was ticked. `also` are the rows
 * that take the lead's person (PersonLink.also). Staff entries store nothing: the person
 * saw no form (decision 0080).
 */
export function submissionPrivacyRows(
  subject: { type: string; id: string },
  privacy: PrivacyField | undefined,
  phone: string,
  now: Date,
  entry?: unknown,
): { inserts: Insert[]; also: { person_id: string | null }[] } {
  if (entry) return { inserts: [], also: [] };
  const notice = submissionNoticeRow(subject, privacy, now);
  if (!privacy?.contactConsent) {
    return { inserts: [{ table: "submission_notices", rows: [notice] }], also: [notice] };
  }
  // The person is not known yet: attachPeople sets person_id before the insert.
  const given = consentRow(
    {
      personId: "",
      event: "given",
      via: "web-form",
      wordingVersion: privacy.consentVersion,
      phone: personPhoneKey(phone),
      form: privacy.form,
      page: privacy.page,
      subject,
    },
    now,
  );
  return {
    inserts: [
      { table: "submission_notices", rows: [notice] },
      { table: "consent_ledger", rows: [given] },
    ],
    also: [notice, given],
  };
}
