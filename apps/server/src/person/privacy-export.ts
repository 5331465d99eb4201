import { AGENCY, DISCLOSURE_LOOKBACK_YEARS } from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database, PersonsTable } from "../db/schema.ts";
import { toCsv } from "../lib/csv.ts";
import { writeZip, type ZipEntry } from "../lib/zip.ts";
import { findPersonRows, type PersonRows, type Row, type SchemaTable } from "./privacy-scan.ts";

/** A file's name as it may sit in the archive: no folders, no control characters. */
function safeFileName(name: string): string {
  const cleaned = name.replace(/[\p{Cc}\p{Cf}/\\:*?"<>|]/gu, "_").slice(0, 100);
  return cleaned === "" || cleaned === "." || cleaned === ".." ? "file" : cleaned;
}

/** A row as JSON and CSV hold it: bytes become the archive path of the file holding them. */
function exportedRow(table: SchemaTable, row: Row, files: ZipEntry[]): Row {
  const out: Row = {};
  for (const column of table.columns) {
    const value = row[column];
    if (table.binary.includes(column) && value != null) {
      const name = `files/${table.name}/${String(row.id ?? files.length)}-${safeFileName(String(row.name ?? column))}`;
      files.push({ name, data: value as Uint8Array });
      out[column] = name;
    } else {
      out[column] = value;
    }
  }
  return out;
}

function readme(person: PersonsTable, rows: PersonRows, at: Date): string {
  const lines = [
    `Everything ${AGENCY.name} holds on ${person.first_name} ${person.last_name} (person ${person.id}).`,
    `Made ${at.toISOString()}.`,
    "",
    "tables/<table>.json and tables/<table>.csv hold, for each table of the agency's database,",
    "every row that mentions this person: their id, the id of any of their records (leads,",
    "quotes and their drivers, messages, appointments, service requests, notes, tasks, emails,",
    "policies and renewals, consent entries, notices shown, disclosures, privacy requests,",
    "audit entries), their email address or their phone number. The JSON and the CSV hold the",
    "same rows; the CSV opens in a spreadsheet (a cell that could run as a formula starts",
    "with an apostrophe). Times are UTC (ISO 8601); money is in cents; 0/1 mean no/yes.",
    "",
    "files/ holds the files sent with service requests, named in the service_attachments rows.",
    `disclosures lists to whom the agency disclosed information; an access answer covers at`,
    `least the last ${DISCLOSURE_LOOKBACK_YEARS} years (Minn. Stat. 72A.497).`,
    "audit_log lists who did what with these records, including record.revealed (who viewed",
    "fields hidden by default) and person.exported (who made exports like this one).",
    "",
    "Tables in this export, with their rows:",
    ...[...rows.values()].map(({ table, rows: list }) => `  ${table.name}: ${list.length}`),
    "",
  ];
  return lines.join("\r\n");
}

/**
 * The ZIP of everything held on a person (issue 30 §2, decision 0083), audited
 * `person.exported` with its table counts. Undefined when the person does not exist.
 */
export async function exportPerson(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  personId: string,
  actor: { userId: string; ip: string },
  at: Date,
): Promise<{ archive: Buffer; person: PersonsTable } | undefined> {
  const person = await db
    .selectFrom("persons")
    .selectAll()
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return undefined;
  const rows = await findPersonRows(db, engine, {
    personId,
    email: person.email,
    phone: person.phone,
  });
  const files: ZipEntry[] = [];
  const tables: ZipEntry[] = [];
  for (const { table, rows: list } of rows.values()) {
    const exported = list.map((row) => exportedRow(table, row, files));
    tables.push({
      name: `tables/${table.name}.json`,
      data: `${JSON.stringify(exported, null, 2)}\n`,
    });
    tables.push({
      name: `tables/${table.name}.csv`,
      data: toCsv(
        table.columns,
        exported.map((row) => table.columns.map((column) => row[column])),
      ),
    });
  }
  const archive = writeZip(
    [{ name: "README.txt", data: readme(person, rows, at) }, ...tables, ...files],
    at,
  );
  await writeAudit(db, {
    actorUserId: actor.userId,
    action: "person.exported",
    target: { type: "person", id: personId },
    ip: actor.ip,
    details: {
      tables: Object.fromEntries(
        [...rows.values()].map(({ table, rows: list }) => [table.name, list.length]),
      ),
      files: files.length,
    },
  });
  return { archive, person };
}
