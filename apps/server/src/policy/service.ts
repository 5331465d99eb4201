import {
  type IssuePolicy,
  LINE_OF_BUSINESS_LABELS,
  type LineOfBusiness,
  MASKED_DATE,
  maskLicenseNumber,
  POLICY_MESSAGES,
  POLICY_TRANSITIONS,
  type PolicyAction,
  type PolicyCancel,
  type PolicyChange,
  type PolicyLeadKind,
  type PolicyRecord,
  type PolicyRoutes,
  type PolicyStatus,
  policyActionAllowed,
  policyExpiration,
  RENEWAL_STATES,
  type RenewalState,
  roleHas,
  staffRoleOf,
  userDisplayName,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { APPOINTMENT_HOOKS } from "../appointment/index.ts";
import { auditRow, writeAudit } from "../audit/audit.ts";
import { findUserById } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database, PoliciesTable } from "../db/schema.ts";
import { changeStatusIn, type LeadHooks, type LeadTable } from "../lead/index.ts";
import { conflict, HttpError, notFound, RequestValidationError } from "../lib/http-errors.ts";
import { runIdempotent, type StoredResponse, storedReplay } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import {
  findPersonRow,
  findPolicy,
  findPolicyForChange,
  type PolicyRow,
  policiesOfPerson,
  policyNumberTaken,
  quoteVehiclesAndDrivers,
  updatePolicyRow,
} from "./repository.ts";

export type PolicyActor = { userId: string; ip: string };

const LEAD_TABLE_OF: Record<PolicyLeadKind, LeadTable> = {
  quote: "auto_quotes",
  contact: "contacts",
  appointment: "appointments",
};
const HOOKS_OF: Record<PolicyLeadKind, LeadHooks> = {
  quote: {},
  contact: {},
  appointment: APPOINTMENT_HOOKS,
};

function parseList(json: string): Record<string, unknown>[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  } catch {
    return [];
  }
}

/** A stored policy as the API shows it; a driver's date of birth and license stay masked. */
export function toPolicyRecord(row: PolicyRow): PolicyRecord {
  const holderName =
    row.person_first_name !== null
      ? `${row.person_first_name} ${row.person_last_name ?? ""}`.trim()
      : row.holder_name;
  return {
    _id: row.id,
    personId: row.person_id,
    holderName,
    lead:
      row.lead_type && row.lead_id
        ? { kind: row.lead_type as PolicyLeadKind, id: row.lead_id }
        : null,
    carrier: row.carrier,
    lineOfBusiness: row.line_of_business as LineOfBusiness,
    policyNumber: row.policy_number,
    effectiveDate: row.effective_date,
    termMonths: Number(row.term_months),
    expirationDate: row.expiration_date,
    annualPremiumCents: Number(row.premium_cents),
    producer:
      row.producer_id === null
        ? null
        : {
            _id: row.producer_id,
            name: userDisplayName({
              firstName: row.producer_first_name ?? "",
              lastName: row.producer_last_name ?? "",
              email: row.producer_email ?? "",
            }),
          },
    status: row.status as PolicyStatus,
    cancelDate: row.cancel_date,
    cancelReason: row.cancel_reason,
    notes: row.notes,
    vehicles: parseList(row.vehicles),
    drivers: parseList(row.drivers).map((driver) => ({
      ...driver,
      dob: MASKED_DATE,
      licenseNumber: maskLicenseNumber(String(driver.licenseNumber ?? "")),
    })),
    renewalState: (RENEWAL_STATES as readonly string[]).includes(row.renewal_state)
      ? (row.renewal_state as RenewalState)
      : "not-started",
    renewalOf: row.renewal_of,
    createdAt: row.created_at,
    updatedAt: row.updated_at ?? row.created_at,
  };
}

async function readPolicy(db: Kysely<Database>, id: string): Promise<PolicyRecord> {
  const row = await findPolicy(db, id);
  if (!row) throw notFound(POLICY_MESSAGES.notFound);
  return toPolicyRecord(row);
}

export const getPolicy = readPolicy;

export async function listPersonPolicies(
  db: Kysely<Database>,
  personId: string,
): Promise<PolicyRecord[]> {
  const person = await findPersonRow(db, personId);
  if (!person) throw notFound(POLICY_MESSAGES.personNotFound);
  return (await policiesOfPerson(db, personId)).map(toPolicyRecord);
}

/** Refuses (400) a producer who is not active staff able to work leads. */
async function checkProducer(db: Kysely<Database>, id: string): Promise<void> {
  const row = await findUserById(db, id);
  const isStaff =
    row !== undefined &&
    row.is_active === 1 &&
    row.is_verified === 1 &&
    roleHas(
      staffRoleOf({
        isAdmin: row.is_admin === 1,
        supperAdmin: row.super_admin === 1,
        role: JSON.parse(row.roles) as string[],
      }),
      "leads.work",
    );
  if (!isStaff) {
    throw new RequestValidationError([
      { field: "producerId", message: POLICY_MESSAGES.producerNotStaff },
    ]);
  }
}

type IssueRoute = typeof PolicyRoutes.issue;

/** The person a lead belongs to and where it stands, or a 404/409. */
async function leadOf(
  db: Kysely<Database>,
  lead: { kind: PolicyLeadKind; id: string },
): Promise<{ personId: string; status: string; source: string; firstTouch: string | null }> {
  const row = await db
    .selectFrom(LEAD_TABLE_OF[lead.kind])
    .select(["person_id", "status", "archived_at", "source", "first_touch_source"])
    .where("id", "=", lead.id)
    .executeTakeFirst();
  if (!row || row.archived_at !== null) throw notFound(POLICY_MESSAGES.leadNotFound);
  if (row.status === "lost") throw conflict(POLICY_MESSAGES.leadLost);
  if (row.person_id === null) throw conflict(POLICY_MESSAGES.leadWithoutPerson);
  return {
    personId: row.person_id,
    status: row.status,
    source: row.source,
    firstTouch: row.first_touch_source,
  };
}

/**
 * Issues a policy (issue 28 §1): for a person, or from a lead, which is marked Won in the
 * same transaction (audited as any status change). At most once per Idempotency-Key.
 */
export async function issuePolicy(
  database: DatabaseHandle,
  request: {
    route: IssueRoute;
    idempotencyKey: string | string[] | undefined;
    body: IssuePolicy;
    actor: PolicyActor;
    now: Date;
  },
): Promise<StoredResponse<IssueRoute>> {
  const { db, engine } = database;
  const { body, actor, now } = request;
  const idempotent = { route: request.route, key: request.idempotencyKey, payload: body };
  const replay = await storedReplay(db, idempotent, now);
  if (replay) return replay;

  const producerId = body.producerId ?? actor.userId;
  if (producerId !== actor.userId) await checkProducer(db, producerId);
  const lead = body.lead ? { ...body.lead, ...(await leadOf(db, body.lead)) } : null;
  const personId = lead?.personId ?? (body.personId as string);
  const person = await findPersonRow(db, personId);
  if (!person) throw notFound(POLICY_MESSAGES.personNotFound);
  const number = {
    carrier: body.carrier,
    number: body.policyNumber,
    effectiveDate: body.effectiveDate,
  };
  if (await policyNumberTaken(db, number)) throw conflict(POLICY_MESSAGES.numberTaken);
  const carried =
    lead?.kind === "quote" && body.lineOfBusiness === "auto"
      ? await quoteVehiclesAndDrivers(db, lead.id)
      : { vehicles: [], drivers: [] };

  const at = nowIso(now);
  const id = newId(now.getTime());
  const row: PoliciesTable = {
    id,
    policy_number: body.policyNumber,
    holder_name: `${person.first_name} ${person.last_name}`.trim(),
    email: person.email,
    product: LINE_OF_BUSINESS_LABELS[body.lineOfBusiness],
    status: "active",
    premium_cents: body.annualPremium,
    effective_date: body.effectiveDate,
    expiration_date: body.expirationDate ?? policyExpiration(body.effectiveDate, body.termMonths),
    created_at: at,
    person_id: personId,
    lead_type: lead?.kind ?? null,
    lead_id: lead?.id ?? null,
    // The lead's source, copied for the reports' GROUP BY without a join (decision 0074).
    lead_source: lead?.source ?? null,
    lead_first_touch_source: lead?.firstTouch ?? null,
    carrier: body.carrier,
    line_of_business: body.lineOfBusiness,
    term_months: body.termMonths,
    producer_id: producerId,
    cancel_date: null,
    cancel_reason: null,
    notes: body.notes,
    vehicles: JSON.stringify(carried.vehicles),
    drivers: JSON.stringify(carried.drivers),
    updated_at: at,
    renewal_state: "not-started",
    renewal_of: null,
    origin: "issued",
  };
  const record = toPolicyRecord({
    ...row,
    person_first_name: person.first_name,
    person_last_name: person.last_name,
    producer_first_name: null,
    producer_last_name: null,
    producer_email: null,
  });
  const producer = await findUserById(db, producerId);
  if (producer && record.producer) {
    record.producer.name = userDisplayName({
      firstName: producer.first_name,
      lastName: producer.last_name,
      email: producer.email,
    });
  }
  try {
    return await runIdempotent(
      db,
      idempotent,
      () => ({
        guard: async (trx) => {
          // The person (and lead) may have gone or moved since they were read.
          if (!(await findPersonRow(trx, personId, engine))) {
            throw notFound(POLICY_MESSAGES.personNotFound);
          }
          if (lead) {
            const now_ = await leadStillOf(trx, lead, personId);
            if (now_ !== "won") {
              await changeStatusIn(
                trx,
                LEAD_TABLE_OF[lead.kind],
                lead.id,
                { status: "won", lostReason: null, lostDetail: null },
                actor,
                now,
                HOOKS_OF[lead.kind],
              );
            }
          }
        },
        inserts: [
          { table: "policies", rows: [row] },
          {
            table: "audit_log",
            rows: [
              auditRow(
                {
                  actorUserId: actor.userId,
                  action: "policy.issued",
                  target: { type: "policy", id },
                  ip: actor.ip,
                  details: { after: auditedFields(row), lead: body.lead ?? null, personId },
                },
                now,
              ),
            ],
          },
        ],
        response: { statusCode: 201, body: { success: true as const, data: record } },
      }),
      () => now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(POLICY_MESSAGES.numberTaken);
    throw error;
  }
}

/** Inside the issuing transaction: the lead is still there, not lost, still the person's. */
async function leadStillOf(
  trx: Transaction<Database>,
  lead: { kind: PolicyLeadKind; id: string },
  personId: string,
): Promise<string> {
  const found = await leadOf(trx, lead);
  if (found.personId !== personId) throw conflict(POLICY_MESSAGES.leadWithoutPerson);
  return found.status;
}

/** The fields an audit entry records of a policy (its details, never the carried drivers). */
const AUDITED = [
  "carrier",
  "line_of_business",
  "policy_number",
  "effective_date",
  "term_months",
  "expiration_date",
  "premium_cents",
  "producer_id",
  "status",
  "cancel_date",
  "cancel_reason",
  "notes",
  "renewal_state",
  "renewal_of",
] as const satisfies readonly (keyof PoliciesTable)[];

function auditedFields(row: Partial<PoliciesTable>) {
  return Object.fromEntries(
    AUDITED.filter((field) => row[field] !== undefined).map((field) => [field, row[field]]),
  );
}

/** Runs a change on a locked policy, writing what differs and one audit entry with before and after. */
async function changePolicy(
  database: DatabaseHandle,
  id: string,
  actor: PolicyActor,
  now: Date,
  action: "policy.updated" | "policy.cancelled" | "policy.non_renewed" | "policy.reinstated",
  decide: (current: PoliciesTable) => Promise<Partial<PoliciesTable>> | Partial<PoliciesTable>,
): Promise<PolicyRecord> {
  const { db, engine } = database;
  try {
    await db.transaction().execute(async (trx) => {
      const current = await findPolicyForChange(trx, id, engine);
      if (!current) throw notFound(POLICY_MESSAGES.notFound);
      const wanted = await decide(current);
      const set: Partial<PoliciesTable> = {};
      for (const [key, value] of Object.entries(wanted) as [keyof PoliciesTable, unknown][]) {
        if (current[key] !== value) (set as Record<string, unknown>)[key] = value;
      }
      if (Object.keys(set).length === 0) return;
      const before = auditedFields(
        Object.fromEntries(
          Object.keys(set).map((key) => [key, current[key as keyof PoliciesTable]]),
        ),
      );
      const after = auditedFields(set);
      await updatePolicyRow(trx, id, { ...set, updated_at: nowIso(now) });
      await writeAudit(trx, {
        actorUserId: actor.userId,
        action,
        target: { type: "policy", id },
        ip: actor.ip,
        details: { before, after },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(POLICY_MESSAGES.numberTaken);
    throw error;
  }
  return readPolicy(db, id);
}

const COLUMN_OF = {
  carrier: "carrier",
  lineOfBusiness: "line_of_business",
  policyNumber: "policy_number",
  effectiveDate: "effective_date",
  termMonths: "term_months",
  expirationDate: "expiration_date",
  annualPremium: "premium_cents",
  producerId: "producer_id",
  notes: "notes",
} as const satisfies Record<keyof PolicyChange, keyof PoliciesTable>;

/**
 * Changes a policy's details (only the fields sent). A new effective date or term moves the
 * expiration with it unless one is sent; the expiration must stay after the effective date.
 */
export async function updatePolicy(
  database: DatabaseHandle,
  id: string,
  change: PolicyChange,
  actor: PolicyActor,
  now: Date,
): Promise<PolicyRecord> {
  if (change.producerId !== undefined) await checkProducer(database.db, change.producerId);
  if (
    change.policyNumber !== undefined ||
    change.carrier !== undefined ||
    change.effectiveDate !== undefined
  ) {
    const current = await findPolicy(database.db, id);
    if (!current) throw notFound(POLICY_MESSAGES.notFound);
    const number = {
      carrier: change.carrier ?? current.carrier,
      number: change.policyNumber ?? current.policy_number,
      effectiveDate: change.effectiveDate ?? current.effective_date,
    };
    if (await policyNumberTaken(database.db, number, id)) {
      throw conflict(POLICY_MESSAGES.numberTaken);
    }
  }
  return changePolicy(database, id, actor, now, "policy.updated", (current) => {
    const set: Partial<PoliciesTable> = {};
    for (const [field, value] of Object.entries(change) as [keyof PolicyChange, unknown][]) {
      if (value !== undefined) (set as Record<string, unknown>)[COLUMN_OF[field]] = value;
    }
    if (set.line_of_business !== undefined) {
      set.product = LINE_OF_BUSINESS_LABELS[set.line_of_business as LineOfBusiness];
    }
    const effective = set.effective_date ?? current.effective_date;
    const term = Number(set.term_months ?? current.term_months);
    if (
      set.expiration_date === undefined &&
      (set.effective_date !== undefined || set.term_months !== undefined)
    ) {
      set.expiration_date = policyExpiration(effective, term);
    }
    const expiration = set.expiration_date ?? current.expiration_date;
    if (expiration <= effective) {
      throw new RequestValidationError([
        { field: "expirationDate", message: POLICY_MESSAGES.expirationBeforeEffective },
      ]);
    }
    return set;
  });
}

const AUDIT_ACTION_OF = {
  cancel: "policy.cancelled",
  "non-renew": "policy.non_renewed",
  reinstate: "policy.reinstated",
} as const satisfies Record<PolicyAction, string>;

/** Cancels, non-renews or reinstates a policy; 409 when its status does not allow it. */
export function movePolicy(
  database: DatabaseHandle,
  id: string,
  action: PolicyAction,
  details: PolicyCancel | null,
  actor: PolicyActor,
  now: Date,
): Promise<PolicyRecord> {
  return changePolicy(database, id, actor, now, AUDIT_ACTION_OF[action], (current) => {
    if (!policyActionAllowed(current.status, action)) {
      throw new HttpError(409, POLICY_MESSAGES.transition(current.status, action));
    }
    const status = POLICY_TRANSITIONS[action].to;
    if (action === "cancel" && details) {
      return { status, cancel_date: details.cancelDate, cancel_reason: details.reason };
    }
    // Non-renewing is losing the renewal; reinstating brings a lost one back (decision 0073).
    const renewal =
      action === "non-renew"
        ? { renewal_state: "lost" }
        : current.renewal_state === "lost"
          ? { renewal_state: "not-started" }
          : {};
    return { status, cancel_date: null, cancel_reason: null, ...renewal };
  });
}
