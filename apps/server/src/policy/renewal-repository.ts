import type { Kysely } from "kysely";
import type { Database, LeadXDatesTable } from "../db/schema.ts";

/** Policies on the renewals page: expiring in [from, to] (Central dates), not canceled. */
function renewalsQuery(db: Kysely<Database>, from: string, to: string) {
  return db
    .selectFrom("policies")
    .where("policies.expiration_date", ">=", from)
    .where("policies.expiration_date", "<=", to)
    .where("policies.status", "!=", "cancelled");
}

export async function countRenewals(db: Kysely<Database>, from: string, to: string) {
  const row = await renewalsQuery(db, from, to)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listRenewalRows(
  db: Kysely<Database>,
  window: { from: string; to: string; limit: number; offset: number },
) {
  return renewalsQuery(db, window.from, window.to)
    .leftJoin("persons", "persons.id", "policies.person_id")
    .leftJoin("users", "users.id", "policies.producer_id")
    .leftJoin("policies as next", "next.renewal_of", "policies.id")
    .selectAll("policies")
    .select([
      "persons.first_name as person_first_name",
      "persons.last_name as person_last_name",
      "users.first_name as producer_first_name",
      "users.last_name as producer_last_name",
      "users.email as producer_email",
      "next.id as renewed_by",
    ])
    .orderBy("policies.expiration_date")
    .orderBy("policies.id")
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/** Active policies whose expiration passed (before `today`), a batch at a time. */
export function lapsedPolicyIds(db: Kysely<Database>, today: string, limit: number) {
  return db
    .selectFrom("policies")
    .select(["id", "status", "renewal_state"])
    .where("status", "=", "active")
    .where("expiration_date", "<", today)
    .orderBy("expiration_date")
    .limit(limit)
    .execute();
}

/** Marks a policy expired if it is still active; answers whether this call did. */
export async function expireIfActive(db: Kysely<Database>, id: string, at: string) {
  const result = await db
    .updateTable("policies")
    .set({ status: "expired", updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "active")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Active policies expiring in [today, until] with no renewal task made yet, soonest first:
 * the renewal pass's work.
 */
export function policiesDueARenewalTask(
  db: Kysely<Database>,
  today: string,
  until: string,
  limit: number,
) {
  return db
    .selectFrom("policies")
    .leftJoin("renewal_tasks", "renewal_tasks.policy_id", "policies.id")
    .select([
      "policies.id",
      "policies.person_id",
      "policies.carrier",
      "policies.line_of_business",
      "policies.policy_number",
      "policies.expiration_date",
      "policies.producer_id",
    ])
    .where("policies.status", "=", "active")
    .where("policies.renewal_state", "in", ["not-started", "re-marketing"])
    .where("policies.person_id", "is not", null)
    .where("policies.expiration_date", ">=", today)
    .where("policies.expiration_date", "<=", until)
    .where("renewal_tasks.policy_id", "is", null)
    .orderBy("policies.expiration_date")
    .limit(limit)
    .execute();
}

/**
 * Claims a term's renewal task: inserts its key, or answers false when another pass (of
 * this or another instance) made it first. Call in the transaction that makes the task.
 */
export async function claimRenewalTask(
  db: Kysely<Database>,
  claim: { policyId: string; taskId: string; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto("renewal_tasks")
    .values({ policy_id: claim.policyId, task_id: claim.taskId, created_at: claim.at })
    .onConflict((oc) => oc.column("policy_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export const RENEWAL_TASK_DAYS_KEY = "renewals.taskDays";

export const X_DATE_LEAD_TABLES = {
  quote: "auto_quotes",
  contact: "contacts",
  appointment: "appointments",
} as const;
export type XDateLeadKind = keyof typeof X_DATE_LEAD_TABLES;

export function findLeadForXDate(db: Kysely<Database>, kind: XDateLeadKind, id: string) {
  return db
    .selectFrom(X_DATE_LEAD_TABLES[kind])
    .select(["id", "status", "assigned_to", "archived_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function findXDate(db: Kysely<Database>, kind: XDateLeadKind, id: string) {
  return db
    .selectFrom("lead_x_dates")
    .leftJoin("tasks", "tasks.id", "lead_x_dates.task_id")
    .selectAll("lead_x_dates")
    .select(["tasks.due_at as task_due_at", "tasks.completed_at as task_completed_at"])
    .where("lead_x_dates.lead_type", "=", kind)
    .where("lead_x_dates.lead_id", "=", id)
    .executeTakeFirst();
}

export async function saveXDate(db: Kysely<Database>, row: LeadXDatesTable): Promise<void> {
  const { lead_type: _type, lead_id: _id, ...change } = row;
  await db
    .insertInto("lead_x_dates")
    .values(row)
    .onConflict((oc) => oc.columns(["lead_type", "lead_id"]).doUpdateSet(change))
    .execute();
}
