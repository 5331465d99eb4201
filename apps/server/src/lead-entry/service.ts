import { emailKey, type LeadDetailsChange, leadSearchText } from "@agency/domain";
import type { Kysely } from "kysely";
import { toAppointmentRecord } from "../appointment/index.ts";
import { writeAudit } from "../audit/audit.ts";
import { toContactRecord } from "../contact/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { AppointmentsTable, ContactsTable, Database } from "../db/schema.ts";
import { RELATED_TYPE } from "../lead/index.ts";
import { notFound } from "../lib/http-errors.ts";
import { nowIso } from "../lib/ids.ts";
import { driversOf, type QuoteRow, toQuoteRecord } from "../quote/index.ts";
import { type DetailColumns, findLeadRowForChange, updateLeadDetails } from "./repository.ts";

/** The API's contact fields and the columns that hold them (the same in the three tables). */
const COLUMN_OF = {
  firstName: "first_name",
  lastName: "last_name",
  name: "name",
  email: "email",
  phone: "phone",
} as const satisfies Record<keyof LeadDetailsChange, keyof DetailColumns>;

type Field = keyof typeof COLUMN_OF;

/** How each kind is read back, and what its 404 says. */
const KINDS = {
  contacts: {
    notFound: "Contact not found",
    record: async (_db: Kysely<Database>, row: ContactsTable) => toContactRecord(row),
  },
  appointments: {
    notFound: "Appointment not found",
    record: async (_db: Kysely<Database>, row: AppointmentsTable) => toAppointmentRecord(row),
  },
  auto_quotes: {
    notFound: "Quote not found",
    record: async (db: Kysely<Database>, row: QuoteRow) =>
      toQuoteRecord(row, (await driversOf(db, [row.id])).get(row.id) ?? []),
  },
};
type DetailTable = keyof typeof KINDS;
type RecordOf<T extends DetailTable> = Awaited<ReturnType<(typeof KINDS)[T]["record"]>>;

export type DetailsChanged<T extends DetailTable> = { record: RecordOf<T>; isChanged: boolean };

/**
 * Changes a lead's name, email or phone (already checked by the kind's form rules). Only
 * fields whose value differs count: they are written with the lead's new search text, and
 * one audit entry holds each one's value before and after (purged with the lead). A change
 * that changes nothing writes nothing.
 */
export async function changeLeadDetails<T extends DetailTable>(
  database: DatabaseHandle,
  table: T,
  id: string,
  change: LeadDetailsChange,
  actor: { userId: string; ip: string },
  now: Date,
): Promise<DetailsChanged<T>> {
  const kind = KINDS[table];
  return database.db.transaction().execute(async (trx) => {
    const row = await findLeadRowForChange(trx, table, id, database.engine);
    if (!row) throw notFound(kind.notFound);
    const current = row as unknown as Record<string, unknown> & DetailColumns;
    const set: DetailColumns = {};
    const changes: Partial<Record<Field, { before: unknown; after: string }>> = {};
    for (const [field, value] of Object.entries(change) as [Field, string | undefined][]) {
      const column = COLUMN_OF[field];
      if (value === undefined || !(column in current) || current[column] === value) continue;
      set[column] = value;
      changes[field] = { before: current[column], after: value };
    }
    const read = kind.record as (db: Kysely<Database>, row: unknown) => Promise<RecordOf<T>>;
    if (Object.keys(set).length === 0) return { record: await read(trx, row), isChanged: false };

    const next = { ...current, ...set };
    const searchText = leadSearchText(
      table === "appointments"
        ? { name: next.name ?? "", email: next.email ?? "", phone: next.phone ?? "" }
        : {
            firstName: next.first_name ?? "",
            lastName: next.last_name ?? "",
            email: next.email ?? "",
            phone: next.phone ?? "",
          },
    );
    const updatedAt = nowIso(now);
    // An appointment's new address moves it to that person for the booking limit (decision 0048).
    const key =
      table === "appointments" && set.email !== undefined ? { email_key: emailKey(set.email) } : {};
    await updateLeadDetails(trx, table, id, {
      ...set,
      ...key,
      search_text: searchText,
      updated_at: updatedAt,
    });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "lead.details_changed",
      target: { type: RELATED_TYPE[table], id },
      ip: actor.ip,
      details: { changes },
    });
    const updated = { ...next, ...key, search_text: searchText, updated_at: updatedAt };
    return { record: await read(trx, updated), isChanged: true };
  });
}
