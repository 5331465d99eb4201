import { createHash } from "node:crypto";
import {
  AGENCY,
  guessImportMapping,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportedRow,
  type ImportMapping,
  ImportMappingSchema,
  type ImportReport,
  type ImportRowError,
  importHeaderKey,
  importPolicyKey,
  LINE_OF_BUSINESS_LABELS,
  mappingProblems,
  parseCsv,
  readImportRow,
  renewalStateOf,
  roleHas,
  staffRoleOf,
} from "@agency/domain";
import { auditRow } from "../audit/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { attachPeople, type PersonLink } from "../db/person-matching.ts";
import type { PoliciesTable } from "../db/schema.ts";
import { RequestValidationError } from "../lib/http-errors.ts";
import { newId, nowIso } from "../lib/ids.ts";
import {
  findMapping,
  insertPolicies,
  peopleCreatedAt,
  policiesNumbered,
  saveMapping,
  staffAccounts,
} from "./repository.ts";

export type ImportActor = { userId: string; ip: string };

/** Rows per transaction: each row's person and policy land together, a batch at a time. */
export const IMPORT_BATCH_ROWS = 1000;

/** Rows read (checked, no database) before the event loop serves others. */
const READ_ROWS_BETWEEN_YIELDS = 1000;
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

const headerHash = (header: readonly string[]) =>
  createHash("sha256").update(importHeaderKey(header)).digest("hex");

/** The mapping last used with this header, else a guess from its column names. */
export async function mappingFor(
  database: DatabaseHandle,
  header: readonly string[],
): Promise<{ mapping: ImportMapping; remembered: boolean }> {
  const row = await findMapping(database.db, headerHash(header));
  if (row) {
    const stored = ImportMappingSchema.safeParse(JSON.parse(row.mapping));
    if (stored.success) return { mapping: stored.data, remembered: true };
  }
  return { mapping: guessImportMapping(header), remembered: false };
}

/** A row read and ready to write: the file's line, the person and the policy. */
type ReadyRow = { line: number; row: ImportedRow; producerId: string };

export type ImportOptions = {
  csv: string;
  mapping: ImportMapping;
  actor: ImportActor;
  now: Date;
  batchRows?: number;
  /** Called after each batch commits (progress for a script; the crash test waits on it). */
  onBatch?: (done: { batches: number; created: number; existing: number }) => void;
};

/**
 * Imports a book (issue 28 §4, decision 0075): reads every row by the rules issuing uses,
 * reports the bad ones by line without stopping, and writes the good ones in batches, one
 * transaction each (people matched by email or phone through the same matching as every
 * lead, else created; then their policies). A policy already recorded with the same
 * carrier (case-folded) and number creates nothing, so a file imported again, or an
 * import killed and run again, ends with each policy once. One audit entry with the counts.
 */
export async function importBook(
  database: DatabaseHandle,
  options: ImportOptions,
): Promise<ImportReport> {
  const { csv, mapping, actor, now } = options;
  const file = parseCsv(csv);
  if (file.unclosedQuoteLine !== null) {
    throw new RequestValidationError([
      { field: "csv", message: IMPORT_MESSAGES.unclosedQuote(file.unclosedQuoteLine) },
    ]);
  }
  const [header, ...records] = file.records;
  if (!header || records.length === 0) {
    throw new RequestValidationError([{ field: "csv", message: IMPORT_MESSAGES.empty }]);
  }
  if (header.cells.length > IMPORT_MAX_COLUMNS) {
    throw new RequestValidationError([{ field: "csv", message: IMPORT_MESSAGES.tooManyColumns }]);
  }
  if (records.length > IMPORT_MAX_ROWS) {
    throw new RequestValidationError([{ field: "csv", message: IMPORT_MESSAGES.tooManyRows }]);
  }
  const problems = mappingProblems(mapping, header.cells.length);
  if (problems.length > 0) {
    throw new RequestValidationError(problems.map((message) => ({ field: "mapping", message })));
  }
  await saveMapping(database.db, {
    header_hash: headerHash(header.cells),
    header: JSON.stringify(header.cells),
    mapping: JSON.stringify(mapping),
    updated_by: actor.userId,
    updated_at: nowIso(now),
  });

  const producers = new Map<string, string>();
  for (const user of await staffAccounts(database.db)) {
    const role = staffRoleOf({
      isAdmin: user.is_admin === 1,
      supperAdmin: user.super_admin === 1,
      role: JSON.parse(user.roles) as string[],
    });
    if (roleHas(role, "leads.work")) producers.set(user.email.toLowerCase(), user.id);
  }

  const errors: ImportRowError[] = [];
  const ready: ReadyRow[] = [];
  const firstLineOf = new Map<string, number>();
  const carriers = AGENCY.carriers.map((carrier) => carrier.name);
  for (const [index, record] of records.entries()) {
    // Reading 50,000 rows takes seconds of CPU: let other requests in between.
    if (index % READ_ROWS_BETWEEN_YIELDS === READ_ROWS_BETWEEN_YIELDS - 1) await yieldToOthers();
    const result = readImportRow(record.cells, mapping, { carriers });
    if (!result.ok) {
      errors.push({ line: record.line, reason: result.problems.join("; ") });
      continue;
    }
    const { row } = result;
    const producerId =
      row.producerEmail === "" ? actor.userId : producers.get(row.producerEmail.toLowerCase());
    if (producerId === undefined) {
      errors.push({ line: record.line, reason: IMPORT_MESSAGES.producerUnknown });
      continue;
    }
    const key = importPolicyKey(row.policy.carrier, row.policy.policyNumber);
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      errors.push({ line: record.line, reason: IMPORT_MESSAGES.repeatedInFile(first) });
      continue;
    }
    firstLineOf.set(key, record.line);
    ready.push({ line: record.line, row, producerId });
  }

  const totals = { created: 0, existing: 0, peopleCreated: 0 };
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  let batches = 0;
  for (let start = 0; start < ready.length; start += batchRows) {
    const batch = ready.slice(start, start + batchRows);
    const outcome = await writeBatchOrRows(database, batch, now);
    totals.created += outcome.created;
    totals.existing += outcome.existing;
    totals.peopleCreated += outcome.peopleCreated;
    errors.push(...outcome.errors);
    batches++;
    options.onBatch?.({ batches, created: totals.created, existing: totals.existing });
  }
  errors.sort((a, b) => a.line - b.line);

  const report: ImportReport = { rows: records.length, ...totals, errors };
  // Counts only: no names, emails or numbers of the people imported.
  await database.db
    .insertInto("audit_log")
    .values(
      auditRow(
        {
          actorUserId: actor.userId,
          action: "book.imported",
          ip: actor.ip,
          details: {
            rows: report.rows,
            created: report.created,
            existing: report.existing,
            peopleCreated: report.peopleCreated,
            errors: errors.length,
          },
        },
        now,
      ),
    )
    .execute();
  return report;
}

type BatchOutcome = {
  created: number;
  existing: number;
  peopleCreated: number;
  errors: ImportRowError[];
};

/**
 * A batch in one transaction; when a unique constraint refuses it (another writer recorded
 * one of its policies meanwhile: the same carrier, number and term), it is taken
 * back and written row by row, each row in its own transaction, so only that row fails.
 */
async function writeBatchOrRows(
  database: DatabaseHandle,
  batch: ReadyRow[],
  now: Date,
): Promise<BatchOutcome> {
  try {
    return await writeBatch(database, batch, now);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const outcome: BatchOutcome = { created: 0, existing: 0, peopleCreated: 0, errors: [] };
  for (const ready of batch) {
    try {
      const one = await writeBatch(database, [ready], now);
      outcome.created += one.created;
      outcome.existing += one.existing;
      outcome.peopleCreated += one.peopleCreated;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      outcome.errors.push({ line: ready.line, reason: IMPORT_MESSAGES.numberTaken });
    }
  }
  return outcome;
}

async function writeBatch(
  database: DatabaseHandle,
  batch: ReadyRow[],
  now: Date,
): Promise<BatchOutcome> {
  const at = nowIso(now);
  return database.db.transaction().execute(async (trx) => {
    // Matched inside the transaction: a policy recorded since the file was read counts.
    const recorded = new Set(
      (
        await policiesNumbered(
          trx,
          batch.map(({ row }) => row.policy.policyNumber),
        )
      ).map((policy) => importPolicyKey(policy.carrier, policy.policy_number)),
    );
    const fresh = batch.filter(
      ({ row }) => !recorded.has(importPolicyKey(row.policy.carrier, row.policy.policyNumber)),
    );
    const links: (PersonLink & { ready: ReadyRow })[] = fresh.map((ready) => ({
      ready,
      claim: { ...ready.row.person, at },
      lead: { person_id: null },
    }));
    await attachPeople(trx, links);
    const personIds = [...new Set(links.map((link) => link.lead.person_id as string))];
    const peopleCreated = await peopleCreatedAt(trx, personIds, at);
    const names = new Map(
      (
        await trx
          .selectFrom("persons")
          .select(["id", "first_name", "last_name", "email"])
          .where("id", "in", personIds.length > 0 ? personIds : [""])
          .execute()
      ).map((person) => [person.id, person]),
    );
    const rows: PoliciesTable[] = links.map(({ ready, lead }) => {
      const { policy } = ready.row;
      const person = names.get(lead.person_id as string);
      return {
        id: newId(now.getTime()),
        policy_number: policy.policyNumber,
        holder_name: `${person?.first_name ?? ""} ${person?.last_name ?? ""}`.trim(),
        email: person?.email ?? "",
        product: LINE_OF_BUSINESS_LABELS[policy.lineOfBusiness],
        status: policy.status,
        premium_cents: policy.premiumCents,
        effective_date: policy.effectiveDate,
        expiration_date: policy.expirationDate,
        created_at: at,
        person_id: lead.person_id,
        lead_type: null,
        lead_id: null,
        carrier: policy.carrier,
        line_of_business: policy.lineOfBusiness,
        term_months: policy.termMonths,
        producer_id: ready.producerId,
        cancel_date: null,
        cancel_reason: null,
        notes: policy.notes,
        vehicles: "[]",
        drivers: "[]",
        renewal_state: renewalStateOf(policy.status),
        renewal_of: null,
        origin: "import",
        lead_source: null,
        lead_first_touch_source: null,
        updated_at: at,
      };
    });
    await insertPolicies(trx, rows);
    return {
      created: rows.length,
      existing: batch.length - fresh.length,
      peopleCreated,
      errors: [],
    };
  });
}
