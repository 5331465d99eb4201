import {
  AGENCY,
  ERASE_KEPT,
  ERASE_MESSAGES,
  eraseConfirmationMatches,
  PERSON_MESSAGES,
  PersonPrivacyRoutes,
  type RouteSuccess,
} from "@agency/domain";
import { type Kysely, sql, type Transaction } from "kysely";
import { PERSONAL_AUDIT_ACTIONS, writeAudit } from "../audit/audit.ts";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { conflict, notFound, RequestValidationError } from "../lib/http-errors.ts";
import { idempotencyScope, runIdempotent, storedReplay } from "../lib/idempotency.ts";
import { nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { LEAD_TABLES, purgeLeads, purgePersonRecords } from "../operations/index.ts";
import { findPersonRows, type Row, type SchemaTable } from "./privacy-scan.ts";
import { findPersonForChange, findPersonRow } from "./repository.ts";

/**
 * What an erasure keeps (decision 0083): policies and their history (renewal task links),
 * the consent ledger (TCPA proof, append-only in the database), the notices shown with each
 * form (72A.494 proof), the disclosure log (72A.497), the person's privacy requests and our
 * answers (proof they were answered), and the audit log but for the entries holding their
 * own details (decision 0084: a security record kept five years). Everything else that
 * mentions the person goes.
 */
export const ERASE_KEPT_TABLES = [
  "policies",
  "renewal_tasks",
  "consent_ledger",
  "submission_notices",
  "disclosures",
  "privacy_requests",
] as const;

/** What the anonymised person row holds once kept records still point at it. */
export const ERASED_PERSON = { firstName: "Erased", lastName: "person" } as const;

export const ERASE_MAIL_KIND = "person.erased";

/** Leads deleted per statement (purgeLeads takes at most a few hundred ids). */
const LEADS_PER_PURGE = 200;

type EraseAnswer = RouteSuccess<typeof PersonPrivacyRoutes.erase>;

function eraseMail(address: string, kept: Record<string, number>, now: Date) {
  const keptLines = ERASE_KEPT.map((line) => `- ${line}`);
  return outboxRows(
    [
      {
        kind: ERASE_MAIL_KIND,
        to: address,
        subject: `Your information was erased: ${AGENCY.name}`,
        // Nothing of the person in the body: it is blanked once sent all the same.
        text: [
          "Hello,",
          "",
          `As you asked, ${AGENCY.name} erased the information it held about you: your quote`,
          "requests, messages, appointments, service requests and their files, our notes and",
          "tasks about you, the emails we sent you, and the record of your contact details.",
          "",
          "What we keep, and why:",
          ...keptLines,
          "",
          Object.keys(kept).length === 0
            ? "We held none of those records about you, so nothing was kept."
            : "We keep only those records, and only for as long as the law requires.",
          "",
          `Questions: ${AGENCY.phone}, ${AGENCY.email}.`,
          "",
          AGENCY.name,
          AGENCY.address.singleLine,
        ].join("\n"),
        // The stored copy is blanked once sent; a week for delivery.
        secretExpiresAt: new Date(now.getTime() + 7 * 86_400_000),
      },
    ],
    now,
  );
}

/** Deletes one row found by the scan, by its id or, without one, by all its columns. */
async function deleteRow(
  trx: Transaction<Database>,
  table: SchemaTable,
  row: Row,
): Promise<number> {
  const columns = table.columns.includes("id")
    ? ["id"]
    : table.columns.filter((column) => !table.binary.includes(column));
  const tests = columns.map((column) =>
    row[column] === null || row[column] === undefined
      ? sql`${sql.ref(column)} is null`
      : sql`${sql.ref(column)} = ${row[column]}`,
  );
  const result =
    await sql`delete from ${sql.table(table.name)} where ${sql.join(tests, sql` and `)}`.execute(
      trx,
    );
  return Number(result.numAffectedRows ?? 0n);
}

/** Whether a record the erasure keeps names the person by id. */
async function hasKeptRecords(db: Kysely<Database>, personId: string): Promise<boolean> {
  for (const table of ["policies", "consent_ledger", "disclosures", "privacy_requests"] as const) {
    const row = await db
      .selectFrom(table)
      .select("person_id")
      .where("person_id", "=", personId)
      .executeTakeFirst();
    if (row) return true;
  }
  const notice = await db
    .selectFrom("submission_notices")
    .select("person_id")
    .where("person_id", "=", personId)
    .where((eb) => eb.or([eb("notice_version", "<>", ""), eb("contact_consent", "=", 1)]))
    .executeTakeFirst();
  return notice !== undefined;
}

/**
 * A notice row proves something only when a notice was shown or consent given; one saying
 * "none recorded" (a form sent without the field, an API call) goes with the person.
 */
function isProofOfNotice(row: Row): boolean {
  return String(row.notice_version ?? "") !== "" || Number(row.contact_consent) === 1;
}

async function alreadyErased(db: Kysely<Database>, personId: string): Promise<boolean> {
  const row = await db
    .selectFrom("audit_log")
    .select("id")
    .where("action", "=", "person.erased")
    .where("target_type", "=", "person")
    .where("target_id", "=", personId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Erases a person (issue 30 §2, decision 0083) in one transaction: confirmed by their name,
 * once per Idempotency-Key; an erased person answers 404 afterwards.
 */
export async function erasePerson(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  personId: string,
  confirmName: string,
  actor: { userId: string; ip: string; idempotencyKey: string | string[] | undefined },
  now: Date,
): Promise<{ statusCode: 200; body: EraseAnswer; deletedMailIds: string[] }> {
  const idempotent = {
    route: PersonPrivacyRoutes.erase,
    key: actor.idempotencyKey,
    payload: { personId, confirmName },
  };
  const replay = await storedReplay(db, idempotent, now);
  if (replay) return { ...replay, deletedMailIds: [] };
  const person = await findPersonRow(db, personId);
  if (!person || (await alreadyErased(db, personId))) throw notFound(PERSON_MESSAGES.notFound);
  if (
    !eraseConfirmationMatches(confirmName, {
      firstName: person.first_name,
      lastName: person.last_name,
    })
  ) {
    throw new RequestValidationError([
      { field: "confirmName", message: ERASE_MESSAGES.confirmMismatch },
    ]);
  }
  // The person row stays (anonymised) when a kept record points at it; decided before the
  // transaction (the answer is stored with the key) and checked again inside it.
  const personKept = await hasKeptRecords(db, personId);
  const deletedMailIds: string[] = [];
  const stored = await runIdempotent(
    db,
    idempotent,
    () => ({
      inserts: [],
      guard: async (trx) => {
        const locked = await findPersonForChange(trx, personId, engine);
        if (!locked || (await alreadyErased(trx, personId)))
          throw notFound(PERSON_MESSAGES.notFound);
        const found = await findPersonRows(trx, engine, {
          personId,
          email: locked.email,
          phone: locked.phone,
        });
        const rowsOf = (table: string) => found.get(table)?.rows ?? [];
        // The outbox rows that go: their .eml copies are removed after the commit.
        deletedMailIds.push(...rowsOf("mail_outbox").map((row) => String(row.id)));
        const keptPolicyIds = new Set(rowsOf("policies").map((row) => String(row.id)));
        // The audit log is kept (decision 0084: five years, append-only in the database)
        // but for the entries holding the person's own details, which go with them.
        const isKept = (table: string, row: Row) =>
          (table === "submission_notices"
            ? isProofOfNotice(row)
            : (ERASE_KEPT_TABLES as readonly string[]).includes(table)) ||
          (table === "audit_log" &&
            (keptPolicyIds.has(String(row.target_id)) ||
              !(PERSONAL_AUDIT_ACTIONS as readonly string[]).includes(String(row.action))));

        const ownKey = idempotencyScope(PersonPrivacyRoutes.erase);
        const deleted: Record<string, number> = {};
        const kept: Record<string, number> = {};
        const count = (into: Record<string, number>, table: string, n: number) => {
          if (n > 0) into[table] = (into[table] ?? 0) + n;
        };
        // Leads with what hangs on them, as retention deletes them.
        for (const table of LEAD_TABLES) {
          const ids = rowsOf(table).map((row) => String(row.id));
          for (let i = 0; i < ids.length; i += LEADS_PER_PURGE) {
            const result = await purgeLeads(trx, table, ids.slice(i, i + LEADS_PER_PURGE));
            count(deleted, table, result.leads);
          }
        }
        await purgePersonRecords(trx, [personId]);
        await trx.deleteFrom("person_duplicate_keys").where("person_id", "=", personId).execute();
        // Then every other row that mentions them, found from the schema.
        for (const [name, { table, rows }] of found) {
          if (name === "persons" || name === "duplicate_groups") continue;
          for (const row of rows) {
            // This erasure's own key (its answer names the person's id): kept to replay it.
            if (name === "idempotency_keys" && row.route === ownKey) continue;
            if (isKept(name, row)) count(kept, name, 1);
            else if (!(LEAD_TABLES as readonly string[]).includes(name)) {
              count(deleted, name, await deleteRow(trx, table, row));
            }
          }
        }
        if ((await hasKeptRecords(trx, personId)) !== personKept) {
          throw conflict(ERASE_MESSAGES.changed);
        }
        if (personKept) {
          await trx
            .updateTable("persons")
            .set({
              first_name: ERASED_PERSON.firstName,
              last_name: ERASED_PERSON.lastName,
              email: "",
              phone: "",
              street: "",
              city: "",
              state: "",
              zip: "",
              preferred_contact: null,
              notes: "",
              search_text: "",
              updated_at: nowIso(now),
            })
            .where("id", "=", personId)
            .execute();
        } else {
          await trx.deleteFrom("persons").where("id", "=", personId).execute();
        }
        await writeAudit(trx, {
          actorUserId: actor.userId,
          action: "person.erased",
          target: { type: "person", id: personId },
          ip: actor.ip,
          // Counts only: nothing of the person.
          details: { deleted, kept, personKept },
        });
        if (locked.email.trim() !== "") {
          await trx
            .insertInto("mail_outbox")
            .values(eraseMail(locked.email, kept, now))
            .execute();
        }
      },
      response: {
        statusCode: 200,
        body: { success: true, message: ERASE_MESSAGES.erased, data: { personId, personKept } },
      },
    }),
    () => now,
  );
  return { ...stored, deletedMailIds };
}
