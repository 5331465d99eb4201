import {
  AGENCY,
  estimateMonthlyPremium,
  LeadEntryRoutes,
  type ListQuery,
  MASKED_DATE,
  maskLicenseNumber,
  QUOTE_MESSAGES,
  type QuoteRecord,
  QuoteRoutes,
  type QuoteSortKey,
  type QuoteSubmission,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { submissionPrivacyRows } from "../consent/index.ts";
import type { Database } from "../db/schema.ts";
import {
  entryAuditRows,
  type ListSpec,
  listBatches,
  listPageIds,
  mailsToSend,
  newLeadColumns,
  rowsByIds,
  type StaffEntry,
  toLeadWork,
} from "../lead/index.ts";
import { runIdempotent, type StoredResponse } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { outboxRows } from "../mail/outbox.ts";
import { quoteMails } from "./mail.ts";
import { type DriverRow, driversOf, findQuoteRow, type QuoteRow } from "./repository.ts";

const flag = (value: boolean) => (value ? 1 : 0) as 0 | 1;
const bool = (value: number) => value === 1;

/** The one place a quote becomes rows. */
function toRows(
  quote: QuoteSubmission,
  id: string,
  amount: number,
  createdAt: string,
  entry: StaffEntry | undefined,
) {
  const { personalInfo: p, vehicleInfo: v, coverage: c } = quote;
  const row: QuoteRow = {
    id,
    product: quote.product,
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email,
    phone: p.phone,
    address: p.address,
    city: p.city,
    state: p.state,
    zip: p.zip,
    dob: p.dob,
    vehicle_year: v.year,
    vehicle_make: v.make,
    vehicle_model: v.model,
    vin: v.vin,
    mileage: v.mileage,
    primary_use: v.primaryUse,
    ownership: v.ownership,
    safety_features: JSON.stringify(v.safetyFeatures),
    liability: c.liability,
    collision: flag(c.collision),
    comprehensive: flag(c.comprehensive),
    deductible: c.deductible,
    uninsured_motorist: flag(c.uninsuredMotorist),
    medical_payments: flag(c.medicalPayments),
    rental_reimbursement: flag(c.rentalReimbursement),
    roadside_assistance: flag(c.roadsideAssistance),
    quote_amount_cents: Math.round(amount * 100),
    status: "new",
    status_changed_at: createdAt,
    created_at: createdAt,
    ...newLeadColumns(p, entry?.source, quote.leadSource),
  };
  const drivers: DriverRow[] = quote.drivers.map((d, position) => ({
    id: newId(),
    quote_id: id,
    position,
    first_name: d.firstName,
    last_name: d.lastName,
    dob: d.dob,
    license_number: d.licenseNumber,
    license_state: d.licenseState,
    relationship: d.relationship,
    accidents: Number(d.accidents),
    violations: Number(d.violations),
  }));
  return { row, drivers };
}

/**
 * The one place rows become the API's quote. Lists mask dates of birth and license
 * numbers; the full values come only through the audited reveal.
 */
export function toQuoteRecord(
  row: QuoteRow,
  drivers: DriverRow[],
  { masked = true } = {},
): QuoteRecord {
  const dob = (value: string) => (masked ? MASKED_DATE : value);
  return {
    _id: row.id,
    createdAt: row.created_at,
    quoteAmount: row.quote_amount_cents / 100,
    product: row.product,
    personalInfo: {
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      address: row.address,
      city: row.city,
      state: row.state as QuoteRecord["personalInfo"]["state"],
      zip: row.zip,
      dob: dob(row.dob),
    },
    vehicleInfo: {
      year: row.vehicle_year as QuoteRecord["vehicleInfo"]["year"],
      make: row.vehicle_make as QuoteRecord["vehicleInfo"]["make"],
      model: row.vehicle_model as QuoteRecord["vehicleInfo"]["model"],
      vin: row.vin,
      mileage: row.mileage as QuoteRecord["vehicleInfo"]["mileage"],
      primaryUse: row.primary_use as QuoteRecord["vehicleInfo"]["primaryUse"],
      ownership: row.ownership as QuoteRecord["vehicleInfo"]["ownership"],
      safetyFeatures: JSON.parse(row.safety_features),
    },
    drivers: [...drivers]
      .sort((a, b) => a.position - b.position)
      .map((d) => ({
        firstName: d.first_name,
        lastName: d.last_name,
        dob: dob(d.dob),
        licenseNumber: masked ? maskLicenseNumber(d.license_number) : d.license_number,
        licenseState: d.license_state as QuoteRecord["drivers"][number]["licenseState"],
        relationship: d.relationship as QuoteRecord["drivers"][number]["relationship"],
        accidents: String(d.accidents) as QuoteRecord["drivers"][number]["accidents"],
        violations: String(d.violations) as QuoteRecord["drivers"][number]["violations"],
      })),
    coverage: {
      liability: row.liability as QuoteRecord["coverage"]["liability"],
      collision: bool(row.collision),
      comprehensive: bool(row.comprehensive),
      deductible: row.deductible as QuoteRecord["coverage"]["deductible"],
      uninsuredMotorist: bool(row.uninsured_motorist),
      medicalPayments: bool(row.medical_payments),
      rentalReimbursement: bool(row.rental_reimbursement),
      roadsideAssistance: bool(row.roadside_assistance),
    },
    status: row.status,
    statusChangedAt: row.status_changed_at ?? row.created_at,
    source: row.source,
    archivedAt: row.archived_at,
    ...toLeadWork(row),
  };
}

export const QUOTE_LIST: ListSpec<"auto_quotes", QuoteSortKey> = {
  table: "auto_quotes",
  sorts: {
    date: ["created_at"],
    name: ["last_name", "first_name"],
    amount: ["quote_amount_cents"],
    email: ["email"],
    nextTask: ["next_task_at"],
  },
  defaultSort: { key: "date", direction: "desc" },
};

/** Quotes in the API's shape (masked), with their drivers. */
async function toQuoteRecords(db: Kysely<Database>, rows: QuoteRow[]): Promise<QuoteRecord[]> {
  const drivers = await driversOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toQuoteRecord(row, drivers.get(row.id) ?? []));
}

/** The ids of one page of quotes, in list order, and the total. */
export function quotePage(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
): Promise<{ ids: string[]; total: number }> {
  return listPageIds(db, QUOTE_LIST, params, now);
}

/** These quotes in the list's shape (masked, with their drivers), in the order of `ids`. */
export async function readQuotes(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<QuoteRecord[]> {
  return toQuoteRecords(db, await rowsByIds(db, "auto_quotes", ids));
}

/** Every quote the filters match, in list order and the list's shape, a batch at a time. */
export async function* quoteBatches(
  db: Kysely<Database>,
  params: ListQuery,
  now: Date,
  batchSize: number,
): AsyncGenerator<QuoteRecord[]> {
  for await (const rows of listBatches(db, QUOTE_LIST, params, now, batchSize)) {
    yield await toQuoteRecords(db, rows);
  }
}

/**
 * One quote, masked as the list shows it; `masked: false` for the agent who asked to see
 * the full values (the caller writes the audit entry).
 */
export async function findQuote(
  db: Kysely<Database>,
  id: string,
  { masked = false } = {},
): Promise<QuoteRecord | undefined> {
  const row = await findQuoteRow(db, id);
  if (!row) return undefined;
  const drivers = await driversOf(db, [id]);
  return toQuoteRecord(row, drivers.get(id) ?? [], { masked });
}

export type SubmitQuoteOptions = {
  idempotencyKey: string | string[] | undefined;
  notifyEmail: string | undefined;
  /** Where the site is (PUBLIC_URL), for the lead's link in the agency's notice. */
  publicUrl?: string;
  /** The app's clock: when the request arrived. */
  now?: Date;
  /** A request staff entered: audited and mailed as decision 0031 says. */
  entry?: StaffEntry;
};

/**
 * Prices the quote on the server (any amount the browser sent is ignored), stores it with
 * its drivers and queues the two emails, all in one transaction.
 */
export function submitQuote(
  db: Kysely<Database>,
  quote: QuoteSubmission,
  options: SubmitQuoteOptions,
): Promise<StoredResponse<typeof QuoteRoutes.send>> {
  const { entry } = options;
  return runIdempotent<typeof QuoteRoutes.send | typeof LeadEntryRoutes.enterQuote>(
    db,
    {
      route: entry ? LeadEntryRoutes.enterQuote : QuoteRoutes.send,
      key: options.idempotencyKey,
      payload: entry ? { ...quote, source: entry.source, notify: entry.notifyCustomer } : quote,
    },
    () => {
      const now = options.now ?? new Date();
      const id = newId();
      const createdAt = nowIso(now);
      const amount = estimateMonthlyPremium(quote);
      const { row, drivers } = toRows(quote, id, amount, createdAt, entry);
      const mails = quoteMails(quote, {
        id,
        amount,
        notifyEmail: options.notifyEmail ?? AGENCY.email,
        publicUrl: options.publicUrl ?? AGENCY.siteUrl,
      });
      const p = quote.personalInfo;
      const privacy = submissionPrivacyRows(
        { type: "auto_quote", id },
        quote.privacy,
        p.phone,
        now,
        entry,
      );
      return {
        people: [
          {
            claim: {
              firstName: p.firstName,
              lastName: p.lastName,
              email: p.email,
              phone: p.phone,
              address: { street: p.address, city: p.city, state: p.state, zip: p.zip },
              dob: p.dob,
              at: createdAt,
            },
            lead: row,
            also: privacy.also,
          },
        ],
        // The quote before its drivers (their foreign key points at it).
        inserts: [
          { table: "auto_quotes", rows: [row] },
          { table: "quote_drivers", rows: drivers },
          { table: "mail_outbox", rows: outboxRows(mailsToSend(mails, entry), now) },
          { table: "audit_log", rows: entryAuditRows(entry, "auto_quotes", id, now) },
          ...privacy.inserts,
        ],
        response: {
          statusCode: 201,
          body: {
            success: true,
            message: QUOTE_MESSAGES.submitted,
            data: { _id: id, quoteAmount: amount, createdAt },
          },
        },
      };
    },
  );
}
