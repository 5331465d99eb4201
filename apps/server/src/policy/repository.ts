import type { Kysely } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database, PoliciesTable } from "../db/schema.ts";

/** A policy with its holder's and producer's names, as the API shows it. */
export type PolicyRow = PoliciesTable & {
  person_first_name: string | null;
  person_last_name: string | null;
  producer_first_name: string | null;
  producer_last_name: string | null;
  producer_email: string | null;
};

function withNames(db: Kysely<Database>) {
  return db
    .selectFrom("policies")
    .leftJoin("persons", "persons.id", "policies.person_id")
    .leftJoin("users", "users.id", "policies.producer_id")
    .selectAll("policies")
    .select([
      "persons.first_name as person_first_name",
      "persons.last_name as person_last_name",
      "users.first_name as producer_first_name",
      "users.last_name as producer_last_name",
      "users.email as producer_email",
    ]);
}

export function findPolicy(db: Kysely<Database>, id: string): Promise<PolicyRow | undefined> {
  return withNames(db).where("policies.id", "=", id).executeTakeFirst();
}

/** The policy's row, locked for a change on PostgreSQL. */
export function findPolicyForChange(db: Kysely<Database>, id: string, engine: DatabaseEngine) {
  const query = db.selectFrom("policies").selectAll().where("id", "=", id);
  return (engine === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/** Every policy of a person, newest effective date first. */
export function policiesOfPerson(db: Kysely<Database>, personId: string): Promise<PolicyRow[]> {
  return withNames(db)
    .where("policies.person_id", "=", personId)
    .orderBy("policies.effective_date", "desc")
    .orderBy("policies.id", "desc")
    .execute();
}

/** A person's name and email; locked for the transaction when `lockOn` is PostgreSQL. */
export function findPersonRow(db: Kysely<Database>, id: string, lockOn?: DatabaseEngine) {
  const query = db
    .selectFrom("persons")
    .select(["id", "first_name", "last_name", "email"])
    .where("id", "=", id);
  return (lockOn === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Whether another policy has this carrier (case folded), number and effective date: a
 * number is unique per carrier and term (decision 0073), so a renewal keeps it.
 */
export async function policyNumberTaken(
  db: Kysely<Database>,
  policy: { carrier: string; number: string; effectiveDate: string },
  exceptId?: string,
) {
  let query = db
    .selectFrom("policies")
    .select(["id", "carrier"])
    .where("policy_number", "=", policy.number)
    .where("effective_date", "=", policy.effectiveDate);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const rows = await query.execute();
  // lower() as the unique index folds it (ASCII and Unicode alike on PostgreSQL; SQLite
  // folds ASCII only, so the index is the last word there).
  return rows.some((row) => row.carrier.toLowerCase() === policy.carrier.toLowerCase());
}

export async function updatePolicyRow(
  db: Kysely<Database>,
  id: string,
  set: Partial<PoliciesTable>,
): Promise<void> {
  await db.updateTable("policies").set(set).where("id", "=", id).execute();
}

/** A quote's vehicle and drivers, as an auto policy carries them over. */
export async function quoteVehiclesAndDrivers(db: Kysely<Database>, quoteId: string) {
  const quote = await db
    .selectFrom("auto_quotes")
    .select([
      "vehicle_year",
      "vehicle_make",
      "vehicle_model",
      "vin",
      "mileage",
      "primary_use",
      "ownership",
    ])
    .where("id", "=", quoteId)
    .executeTakeFirst();
  if (!quote) return { vehicles: [], drivers: [] };
  const drivers = await db
    .selectFrom("quote_drivers")
    .select([
      "first_name",
      "last_name",
      "dob",
      "license_number",
      "license_state",
      "relationship",
      "accidents",
      "violations",
    ])
    .where("quote_id", "=", quoteId)
    .orderBy("position")
    .execute();
  return {
    vehicles: [
      {
        year: quote.vehicle_year,
        make: quote.vehicle_make,
        model: quote.vehicle_model,
        vin: quote.vin,
        mileage: quote.mileage,
        primaryUse: quote.primary_use,
        ownership: quote.ownership,
      },
    ],
    drivers: drivers.map((driver) => ({
      firstName: driver.first_name,
      lastName: driver.last_name,
      dob: driver.dob,
      licenseNumber: driver.license_number,
      licenseState: driver.license_state,
      relationship: driver.relationship,
      accidents: Number(driver.accidents),
      violations: Number(driver.violations),
    })),
  };
}
