import {
  addDays,
  DEFAULT_RENEWAL_TASK_DAYS,
  formatCalendarDate,
  type LineOfBusiness,
  POLICY_MESSAGES,
  type PolicyRecord,
  type PolicyStatus,
  parseCalendarDate,
  policyExpiration,
  RENEWAL_MESSAGES,
  RENEWAL_STATES,
  RENEWAL_TASK_DAYS_RANGE,
  RENEWAL_TASK_TIME,
  type RenewalRoutes,
  type RenewalRow,
  type RenewalState,
  type RenewalStateChange,
  type RenewalsQuery,
  type RenewPolicy,
  renewalTaskText,
  taskDueAt,
  todayInAgencyZone,
  userDisplayName,
  type XDate,
  type XDateRecord,
  xDateTaskDay,
  xDateTaskText,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { auditRow, writeAudit } from "../audit/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { isUniqueViolation } from "../db/errors.ts";
import type { Database, PoliciesTable, TasksTable } from "../db/schema.ts";
import { readSetting, writeSetting } from "../db/settings.ts";
import { conflict, HttpError, notFound, RequestValidationError } from "../lib/http-errors.ts";
import { runIdempotent, type StoredResponse, storedReplay } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { insertTaskIn, isAssignable, moveOpenTaskIn } from "../task/index.ts";
import {
  claimRenewalTask,
  countRenewals,
  expireIfActive,
  findLeadForXDate,
  findXDate,
  lapsedPolicyIds,
  listRenewalRows,
  policiesDueARenewalTask,
  RENEWAL_TASK_DAYS_KEY,
  saveXDate,
  type XDateLeadKind,
} from "./renewal-repository.ts";
import {
  findPersonRow,
  findPolicy,
  findPolicyForChange,
  policyNumberTaken,
  updatePolicyRow,
} from "./repository.ts";
import { type PolicyActor, toPolicyRecord } from "./service.ts";

/** A Central calendar date `days` after `date`. */
function plusDays(date: string, days: number): string {
  const parts = parseCalendarDate(date);
  if (!parts) throw new Error(`not a calendar date: ${date}`);
  return formatCalendarDate(addDays(parts, days));
}

const nameOf = (first: string | null, last: string | null, email: string | null) =>
  userDisplayName({ firstName: first ?? "", lastName: last ?? "", email: email ?? "" });

const renewalStateOf = (value: string): RenewalState =>
  (RENEWAL_STATES as readonly string[]).includes(value) ? (value as RenewalState) : "not-started";

/**
 * The renewals page (issue 28 §2): policies expiring from today to today + window days
 * (Central), canceled ones left out, soonest first, a page at a time.
 */
export async function listRenewals(db: Kysely<Database>, query: RenewalsQuery, now: Date) {
  const from = todayInAgencyZone(now);
  const to = plusDays(from, query.window);
  const [rows, total] = await Promise.all([
    listRenewalRows(db, { from, to, limit: query.limit, offset: query.offset }),
    countRenewals(db, from, to),
  ]);
  const data: RenewalRow[] = rows.map((row) => ({
    _id: row.id,
    person:
      row.person_id === null
        ? null
        : {
            _id: row.person_id,
            name: `${row.person_first_name ?? ""} ${row.person_last_name ?? ""}`.trim(),
          },
    policyNumber: row.policy_number,
    carrier: row.carrier,
    lineOfBusiness: row.line_of_business as LineOfBusiness,
    effectiveDate: row.effective_date,
    termMonths: Number(row.term_months),
    expirationDate: row.expiration_date,
    annualPremiumCents: Number(row.premium_cents),
    producer:
      row.producer_id === null
        ? null
        : {
            _id: row.producer_id,
            name: nameOf(row.producer_first_name, row.producer_last_name, row.producer_email),
          },
    status: row.status as PolicyStatus,
    renewalState: renewalStateOf(row.renewal_state),
    renewedBy: row.renewed_by ?? null,
  }));
  return { success: true as const, data, total, from, to };
}

type RenewRoute = typeof RenewalRoutes.renew;

/** The statuses a term may be renewed from: in force, or lapsed without a renewal. */
const RENEWABLE: readonly string[] = ["active", "expired"];

function checkRenewable(current: PoliciesTable): void {
  if (current.status === "renewed" || current.renewal_state === "renewed") {
    throw conflict(RENEWAL_MESSAGES.alreadyRenewed);
  }
  if (!RENEWABLE.includes(current.status)) {
    throw conflict(RENEWAL_MESSAGES.cannotRenew(current.status));
  }
}

/**
 * Renews a term (issue 28 §2, decision 0073): the next term as a new policy linked to it
 * (renewal_of), prefilled from it; the term becomes renewed. One transaction; a term is
 * renewed once (409), and at most once per Idempotency-Key.
 */
export async function renewPolicy(
  database: DatabaseHandle,
  request: {
    route: RenewRoute;
    idempotencyKey: string | string[] | undefined;
    id: string;
    body: RenewPolicy;
    actor: PolicyActor;
    now: Date;
  },
): Promise<StoredResponse<RenewRoute>> {
  const { db, engine } = database;
  const { id, body, actor, now } = request;
  const idempotent = {
    route: request.route,
    key: request.idempotencyKey,
    payload: { id, ...body },
  };
  const replay = await storedReplay(db, idempotent, now);
  if (replay) return replay;

  const previous = await findPolicy(db, id);
  if (!previous) throw notFound(POLICY_MESSAGES.notFound);
  checkRenewable(previous);
  const termMonths = Number(previous.term_months);
  const effective = body.effectiveDate ?? previous.expiration_date;
  const expiration = body.expirationDate ?? policyExpiration(effective, termMonths);
  if (expiration <= effective) {
    throw new RequestValidationError([
      { field: "expirationDate", message: POLICY_MESSAGES.expirationBeforeEffective },
    ]);
  }
  const number = body.policyNumber ?? previous.policy_number;
  if (
    await policyNumberTaken(db, { carrier: previous.carrier, number, effectiveDate: effective })
  ) {
    throw conflict(POLICY_MESSAGES.numberTaken);
  }
  const person = previous.person_id ? await findPersonRow(db, previous.person_id) : undefined;
  // The term's producer carries over while they may still be given work; else the caller.
  const producerId =
    previous.producer_id !== null && (await isAssignable(db, previous.producer_id))
      ? previous.producer_id
      : actor.userId;
  const at = nowIso(now);
  const newPolicyId = newId(now.getTime());
  const row: PoliciesTable = {
    id: newPolicyId,
    policy_number: number,
    holder_name: person ? `${person.first_name} ${person.last_name}`.trim() : previous.holder_name,
    email: person?.email ?? previous.email,
    product: previous.product,
    status: "active",
    premium_cents: body.annualPremium ?? Number(previous.premium_cents),
    effective_date: effective,
    expiration_date: expiration,
    created_at: at,
    person_id: previous.person_id,
    lead_type: null,
    lead_id: null,
    carrier: previous.carrier,
    line_of_business: previous.line_of_business,
    term_months: termMonths,
    producer_id: producerId,
    // The business came from where the first term came from (decision 0074).
    lead_source: previous.lead_source,
    lead_first_touch_source: previous.lead_first_touch_source,
    cancel_date: null,
    cancel_reason: null,
    notes: "",
    vehicles: previous.vehicles,
    drivers: previous.drivers,
    updated_at: at,
    renewal_state: "not-started",
    renewal_of: id,
    origin: "renewal",
  };
  const producer = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "email"])
    .where("id", "=", producerId)
    .executeTakeFirst();
  const record: PolicyRecord = toPolicyRecord({
    ...row,
    person_first_name: person?.first_name ?? null,
    person_last_name: person?.last_name ?? null,
    producer_first_name: producer?.first_name ?? null,
    producer_last_name: producer?.last_name ?? null,
    producer_email: producer?.email ?? null,
  });
  try {
    return await runIdempotent(
      db,
      idempotent,
      () => ({
        guard: async (trx) => {
          // Read again under the lock: another renewal may have come first.
          const current = await findPolicyForChange(trx, id, engine);
          if (!current) throw notFound(POLICY_MESSAGES.notFound);
          checkRenewable(current);
          const before = { status: current.status, renewal_state: current.renewal_state };
          const after = { status: "renewed", renewal_state: "renewed" };
          await updatePolicyRow(trx, id, { ...after, updated_at: at });
          await writeAudit(trx, {
            actorUserId: actor.userId,
            action: "policy.renewed",
            target: { type: "policy", id },
            ip: actor.ip,
            details: { before, after, renewedBy: newPolicyId },
          });
        },
        inserts: [
          { table: "policies", rows: [row] },
          {
            table: "audit_log",
            rows: [
              auditRow(
                {
                  actorUserId: actor.userId,
                  // The next term's own entry; the activity feed shows the renewal once.
                  action: "policy.next_term",
                  target: { type: "policy", id: newPolicyId },
                  ip: actor.ip,
                  details: { renewalOf: id, personId: row.person_id },
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
    if (isUniqueViolation(error)) {
      // The number of this carrier and term, or another renewal of the same term.
      const current = await findPolicy(db, id);
      if (current?.renewal_state === "renewed") throw conflict(RENEWAL_MESSAGES.alreadyRenewed);
      throw conflict(POLICY_MESSAGES.numberTaken);
    }
    throw error;
  }
}

/**
 * Sets a term's renewal state by hand: not started or re-marketing on an active policy, or
 * lost, which non-renews it (status non-renewed: it runs to its end and is not renewed;
 * decision 0073). A renewed term's state stays. Audited with before and after.
 */
export async function setRenewalState(
  database: DatabaseHandle,
  id: string,
  change: RenewalStateChange,
  actor: PolicyActor,
  now: Date,
): Promise<PolicyRecord> {
  const { db, engine } = database;
  await db.transaction().execute(async (trx) => {
    const current = await findPolicyForChange(trx, id, engine);
    if (!current) throw notFound(POLICY_MESSAGES.notFound);
    if (current.renewal_state === "renewed") throw conflict(RENEWAL_MESSAGES.stateRenewed);
    if (current.status !== "active") throw conflict(RENEWAL_MESSAGES.stateNotActive);
    const after: Partial<PoliciesTable> =
      change.state === "lost"
        ? { renewal_state: "lost", status: "non-renewed" }
        : { renewal_state: change.state };
    const before = Object.fromEntries(
      Object.keys(after).map((key) => [key, current[key as keyof PoliciesTable]]),
    );
    if (Object.entries(after).every(([key, value]) => before[key] === value)) return;
    await updatePolicyRow(trx, id, { ...after, updated_at: nowIso(now) });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "policy.renewal_state",
      target: { type: "policy", id },
      ip: actor.ip,
      details: { before, after },
    });
  });
  const row = await findPolicy(db, id);
  if (!row) throw notFound(POLICY_MESSAGES.notFound);
  return toPolicyRecord(row);
}

/** The renewal task's days before expiration: the setting, or the default when unset or odd. */
export async function readRenewalTaskDays(db: Kysely<Database>) {
  const row = await readSetting(db, RENEWAL_TASK_DAYS_KEY);
  const value = row ? Number(JSON.parse(row.value)) : Number.NaN;
  const days =
    Number.isInteger(value) &&
    value >= RENEWAL_TASK_DAYS_RANGE.min &&
    value <= RENEWAL_TASK_DAYS_RANGE.max
      ? value
      : DEFAULT_RENEWAL_TASK_DAYS;
  return { days, updatedAt: row?.updated_at ?? null };
}

export async function updateRenewalTaskDays(
  db: Kysely<Database>,
  days: number,
  actor: PolicyActor,
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    const from = (await readRenewalTaskDays(trx)).days;
    await writeSetting(trx, RENEWAL_TASK_DAYS_KEY, JSON.stringify(days), actor.userId, nowIso(now));
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "settings.updated",
      target: { type: "setting", id: RENEWAL_TASK_DAYS_KEY },
      ip: actor.ip,
      details: { renewalTaskDays: { from, to: days } },
    });
    return readRenewalTaskDays(trx);
  });
}

/** How many policies a pass handles at most (the next pass takes the rest). */
const PASS_BATCH = 500;

/**
 * The renewal pass (decision 0073), run on a timer in every instance:
 * 1. an active policy whose expiration passed (before today, Central) becomes expired,
 *    audited as the system's change;
 * 2. an active policy expiring within the set days (from today) gets its renewal task, for
 *    its producing agent when they may still be given tasks, else unassigned (the Tasks
 *    page's "Needs an owner"), due 9:00 AM Central today. Each task is claimed by inserting
 *    its term's key (renewal_tasks) in the transaction that makes it, so however many
 *    instances run passes at once, a term gets one task.
 */
export async function runRenewalPass(
  db: Kysely<Database>,
  now: Date,
): Promise<{ expired: number; tasks: number }> {
  const today = todayInAgencyZone(now);
  const at = nowIso(now);
  let expired = 0;
  for (const lapsed of await lapsedPolicyIds(db, today, PASS_BATCH)) {
    const did = await db.transaction().execute(async (trx) => {
      if (!(await expireIfActive(trx, lapsed.id, at))) return false;
      await writeAudit(trx, {
        actorUserId: null,
        action: "policy.expired",
        target: { type: "policy", id: lapsed.id },
        ip: null,
        details: { before: { status: "active" }, after: { status: "expired" } },
      });
      return true;
    });
    if (did) expired += 1;
  }

  const { days } = await readRenewalTaskDays(db);
  const due = await policiesDueARenewalTask(db, today, plusDays(today, days), PASS_BATCH);
  let tasks = 0;
  const assignable = new Map<string, boolean>();
  for (const policy of due) {
    let owner: string | null = null;
    if (policy.producer_id !== null) {
      if (!assignable.has(policy.producer_id)) {
        assignable.set(policy.producer_id, await isAssignable(db, policy.producer_id));
      }
      if (assignable.get(policy.producer_id)) owner = policy.producer_id;
    }
    const task: TasksTable = {
      id: newId(now.getTime()),
      text: renewalTaskText({
        carrier: policy.carrier,
        lineOfBusiness: policy.line_of_business,
        policyNumber: policy.policy_number,
        expirationDate: policy.expiration_date,
      }),
      subject_type: "person",
      subject_id: policy.person_id as string,
      due_at: taskDueAt(today, RENEWAL_TASK_TIME),
      assigned_to: owner,
      created_by: null,
      created_at: at,
      updated_at: at,
      completed_at: null,
      completed_by: null,
    };
    const made = await db.transaction().execute(async (trx) => {
      if (!(await claimRenewalTask(trx, { policyId: policy.id, taskId: task.id, at }))) {
        return false;
      }
      await insertTaskIn(trx, task, null);
      return true;
    });
    if (made) tasks += 1;
  }
  return { expired, tasks };
}

function toXDateRecord(row: NonNullable<Awaited<ReturnType<typeof findXDate>>>): XDateRecord {
  return {
    carrier: row.carrier,
    xDate: row.x_date,
    task:
      row.task_id && row.task_due_at
        ? { _id: row.task_id, dueAt: row.task_due_at, done: row.task_completed_at !== null }
        : null,
    updatedAt: row.updated_at,
  };
}

export async function getXDate(
  db: Kysely<Database>,
  kind: XDateLeadKind,
  id: string,
): Promise<XDateRecord | null> {
  const lead = await findLeadForXDate(db, kind, id);
  if (!lead) throw notFound(RENEWAL_MESSAGES.leadNotFound);
  const row = await findXDate(db, kind, id);
  return row ? toXDateRecord(row) : null;
}

/**
 * Records a lost lead's current carrier and X-date (issue 28 §2, decision 0073). Its task is
 * due 9:00 AM Central X_DATE_LEAD_DAYS before the X-date, or before the next year's when
 * that day has passed; for the lead's assignee, else the caller. A changed X-date moves the
 * open task; a done (or deleted) one is followed by a new one. One transaction, audited.
 */
export async function setXDate(
  db: Kysely<Database>,
  kind: XDateLeadKind,
  id: string,
  input: XDate,
  actor: PolicyActor,
  now: Date,
): Promise<XDateRecord> {
  const today = todayInAgencyZone(now);
  const { xDate, taskDay } = xDateTaskDay(input.xDate, today);
  const dueAt = taskDueAt(taskDay, RENEWAL_TASK_TIME);
  const text = xDateTaskText(input.carrier, xDate);
  const at = nowIso(now);
  await db.transaction().execute(async (trx) => {
    const lead = await findLeadForXDate(trx, kind, id);
    if (!lead || lead.archived_at !== null) throw notFound(RENEWAL_MESSAGES.leadNotFound);
    if (lead.status !== "lost") throw new HttpError(409, RENEWAL_MESSAGES.xDateNotLost);
    const existing = await findXDate(trx, kind, id);
    let taskId = existing?.task_id ?? null;
    const moved =
      taskId !== null &&
      (await moveOpenTaskIn(trx, taskId, { dueAt, text, now, actorUserId: actor.userId }));
    if (!moved) {
      const owner =
        lead.assigned_to !== null && (await isAssignable(trx, lead.assigned_to))
          ? lead.assigned_to
          : actor.userId;
      taskId = newId(now.getTime());
      await insertTaskIn(
        trx,
        {
          id: taskId,
          text,
          subject_type: kind,
          subject_id: id,
          due_at: dueAt,
          assigned_to: owner,
          created_by: actor.userId,
          created_at: at,
          updated_at: at,
          completed_at: null,
          completed_by: null,
        },
        actor.userId,
      );
    }
    await saveXDate(trx, {
      lead_type: kind,
      lead_id: id,
      carrier: input.carrier,
      x_date: input.xDate,
      task_id: taskId,
      updated_at: at,
      updated_by: actor.userId,
    });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "lead.x_date",
      target: { type: kind, id },
      ip: actor.ip,
      details: {
        before: existing ? { carrier: existing.carrier, xDate: existing.x_date } : null,
        after: { carrier: input.carrier, xDate: input.xDate },
        taskId,
      },
    });
  });
  const row = await findXDate(db, kind, id);
  if (!row) throw notFound(RENEWAL_MESSAGES.leadNotFound);
  return toXDateRecord(row);
}
