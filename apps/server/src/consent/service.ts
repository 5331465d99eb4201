import {
  CONSENT_FORM_LABELS,
  CONSENT_VIA_LABELS,
  type ConsentEntry,
  type ConsentForm,
  ConsentRoutes,
  type ConsentVia,
  contactConsentText,
  formatAgencyTimestamp,
  PERSON_MESSAGES,
  type PersonConsent,
  userDisplayName,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { ConsentLedgerTable, Database } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { runIdempotent, storedReplay } from "../lib/idempotency.ts";
import { consentRow } from "./ledger.ts";

/**
 * A person's consent as staff see it (decision 0080). The ledger cannot be changed, so a
 * merge moves no entry: a person's ledger is their own entries and those of everyone
 * merged into them (person_merges, not undone, followed through merges of merges). An
 * undone merge gives the entries back by itself.
 */
export async function ledgerPeopleOf(
  db: Kysely<Database> | Transaction<Database>,
  personId: string,
): Promise<string[]> {
  const people = new Set([personId]);
  let frontier = [personId];
  while (frontier.length > 0) {
    const rows = await db
      .selectFrom("person_merges")
      .select("merged_id")
      .where("kept_id", "in", frontier)
      .where("undone_at", "is", null)
      .execute();
    frontier = rows.map((row) => row.merged_id).filter((id) => !people.has(id));
    for (const id of frontier) people.add(id);
  }
  return [...people];
}

type LedgerRow = ConsentLedgerTable & {
  by_first_name: string | null;
  by_last_name: string | null;
  by_email: string | null;
};

/** The person's ledger with those merged into them, oldest first. */
export async function mergedLedgerOf(
  db: Kysely<Database> | Transaction<Database>,
  personId: string,
): Promise<LedgerRow[]> {
  const people = await ledgerPeopleOf(db, personId);
  return db
    .selectFrom("consent_ledger")
    .leftJoin("users", "users.id", "consent_ledger.by_user_id")
    .selectAll("consent_ledger")
    .select([
      "users.first_name as by_first_name",
      "users.last_name as by_last_name",
      "users.email as by_email",
    ])
    .where("consent_ledger.person_id", "in", people)
    .orderBy("consent_ledger.created_at")
    .orderBy("consent_ledger.id")
    .execute();
}

function toEntry(row: LedgerRow): ConsentEntry {
  return {
    _id: row.id,
    event: row.event,
    via: row.via,
    wordingVersion: row.wording_version,
    wording: row.wording_version ? contactConsentText(row.wording_version) : "",
    phone: row.phone,
    form: row.form,
    page: row.page,
    subject:
      row.subject_type && row.subject_id ? { type: row.subject_type, id: row.subject_id } : null,
    by: row.by_user_id
      ? {
          _id: row.by_user_id,
          name: userDisplayName({
            firstName: row.by_first_name ?? "",
            lastName: row.by_last_name ?? "",
            email: row.by_email ?? "",
          }),
        }
      : null,
    note: row.note,
    createdAt: row.created_at,
  };
}

/** The standing (the newest entry) and the ledger. */
export function toPersonConsent(rows: readonly LedgerRow[]): PersonConsent {
  const entries = rows.map(toEntry);
  const newest = entries.at(-1) ?? null;
  const lastGiven = entries.findLast((entry) => entry.event === "given") ?? null;
  return {
    standing: newest?.event ?? "none",
    since: newest,
    lastGiven: newest?.event === "revoked" ? lastGiven : null,
    entries,
  };
}

async function personExists(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
): Promise<boolean> {
  const row = await db.selectFrom("persons").select("id").where("id", "=", id).executeTakeFirst();
  return row !== undefined;
}

/** GET /api/people/:id/consent (404 for an unknown person). */
export async function personConsent(db: Kysely<Database>, personId: string) {
  if (!(await personExists(db, personId))) throw notFound(PERSON_MESSAGES.notFound);
  return toPersonConsent(await mergedLedgerOf(db, personId));
}

export type ConsentActor = {
  user: { id: string; first_name: string; last_name: string; email: string };
  ip: string;
};

/**
 * Records a revocation the person said by phone: honoured at once (the standing is the
 * newest entry), audited, at most once per Idempotency-Key.
 */
export async function revokeByPhone(
  db: Kysely<Database>,
  personId: string,
  note: string,
  actor: ConsentActor,
  options: { idempotencyKey: string | string[] | undefined; now: Date },
): Promise<PersonConsent> {
  const idempotent = {
    route: ConsentRoutes.revoke,
    key: options.idempotencyKey,
    payload: { personId, note },
  };
  const replay = await storedReplay(db, idempotent, options.now);
  if (replay) return replay.body.data;
  if (!(await personExists(db, personId))) throw notFound(PERSON_MESSAGES.notFound);
  const row = consentRow(
    { personId, event: "revoked", via: "phone-call", byUserId: actor.user.id, note },
    options.now,
  );
  // The answer is the ledger as it will be: what is there now and this entry.
  const answer = toPersonConsent([
    ...(await mergedLedgerOf(db, personId)),
    {
      ...row,
      by_first_name: actor.user.first_name,
      by_last_name: actor.user.last_name,
      by_email: actor.user.email,
    },
  ]);
  const stored = await runIdempotent(
    db,
    idempotent,
    () => ({
      inserts: [],
      guard: async (trx) => {
        // The person may have been merged away since it was read.
        if (!(await personExists(trx, personId))) throw notFound(PERSON_MESSAGES.notFound);
        await trx.insertInto("consent_ledger").values(row).execute();
        await writeAudit(trx, {
          actorUserId: actor.user.id,
          action: "person.consent_revoked",
          target: { type: "person", id: personId },
          ip: actor.ip,
          // The note stays in the ledger (as a note's text stays in the note).
          details: { entryId: row.id, via: row.via },
        });
      },
      response: {
        statusCode: 201,
        body: { success: true as const, data: answer },
      },
    }),
    () => options.now,
  );
  return stored.body.data;
}

export const CONSENT_CSV_HEADER = [
  "id",
  "when",
  "event",
  "how",
  "form",
  "page",
  "phone",
  "wording version",
  "wording",
  "by",
  "note",
  "record type",
  "record id",
] as const;

/** One ledger entry as a CSV row (lib/csv.ts guards each cell against formulas). */
export function consentCsvRow(entry: ConsentEntry): readonly unknown[] {
  return [
    entry._id,
    formatAgencyTimestamp(entry.createdAt),
    entry.event,
    CONSENT_VIA_LABELS[entry.via as ConsentVia] ?? entry.via,
    CONSENT_FORM_LABELS[entry.form as ConsentForm] ?? entry.form,
    entry.page,
    entry.phone,
    entry.wordingVersion,
    entry.wording,
    entry.by?.name ?? "",
    entry.note,
    entry.subject?.type ?? "",
    entry.subject?.id ?? "",
  ];
}
