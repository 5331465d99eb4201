import {
  DISCLOSURE_MESSAGES,
  type Disclosure,
  PERSON_MESSAGES,
  PersonPrivacyRoutes,
  todayInAgencyZone,
  userDisplayName,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database, DisclosuresTable } from "../db/schema.ts";
import { notFound, RequestValidationError } from "../lib/http-errors.ts";
import { runIdempotent } from "../lib/idempotency.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { findPersonRow } from "./repository.ts";

type DisclosureRow = DisclosuresTable & {
  first_name: string | null;
  last_name: string | null;
  user_email: string | null;
};

function toDisclosure(row: DisclosureRow): Disclosure {
  return {
    _id: row.id,
    personId: row.person_id,
    disclosedOn: row.disclosed_on,
    recipient: row.recipient,
    what: row.what,
    basis: row.basis,
    recordedBy: row.recorded_by,
    recordedByName:
      row.user_email === null
        ? ""
        : userDisplayName({
            firstName: row.first_name ?? "",
            lastName: row.last_name ?? "",
            email: row.user_email,
          }),
    createdAt: row.created_at,
  };
}

function disclosureQuery(db: Kysely<Database>) {
  return db
    .selectFrom("disclosures")
    .leftJoin("users", "users.id", "disclosures.recorded_by")
    .selectAll("disclosures")
    .select(["users.first_name", "users.last_name", "users.email as user_email"]);
}

/** A person's disclosures, newest first; `since` keeps those disclosed on or after it. */
export async function listDisclosures(
  db: Kysely<Database>,
  personId: string,
  since: string | undefined,
): Promise<Disclosure[]> {
  if (!(await findPersonRow(db, personId))) throw notFound(PERSON_MESSAGES.notFound);
  let query = disclosureQuery(db).where("disclosures.person_id", "=", personId);
  if (since !== undefined) query = query.where("disclosures.disclosed_on", ">=", since);
  const rows = await query
    .orderBy("disclosures.disclosed_on", "desc")
    .orderBy("disclosures.created_at", "desc")
    .orderBy("disclosures.id", "desc")
    .execute();
  return rows.map(toDisclosure);
}

export type DisclosureDraft = {
  disclosedOn: string;
  recipient: string;
  what: string;
  basis: string;
};

/** Records a disclosure (audited, once per Idempotency-Key); 404 for an unknown person. */
export async function recordDisclosure(
  db: Kysely<Database>,
  personId: string,
  draft: DisclosureDraft,
  actor: {
    userId: string;
    ip: string;
    name: string;
    idempotencyKey: string | string[] | undefined;
  },
  now: Date,
): Promise<Disclosure> {
  if (draft.disclosedOn > todayInAgencyZone(now)) {
    throw new RequestValidationError([
      { field: "disclosedOn", message: DISCLOSURE_MESSAGES.dateInFuture },
    ]);
  }
  const row: DisclosuresTable = {
    id: newId(now.getTime()),
    person_id: personId,
    disclosed_on: draft.disclosedOn,
    recipient: draft.recipient,
    what: draft.what,
    basis: draft.basis,
    recorded_by: actor.userId,
    created_at: nowIso(now),
  };
  const answer: Disclosure = {
    _id: row.id,
    personId,
    disclosedOn: row.disclosed_on,
    recipient: row.recipient,
    what: row.what,
    basis: row.basis,
    recordedBy: actor.userId,
    recordedByName: actor.name,
    createdAt: row.created_at,
  };
  const stored = await runIdempotent(
    db,
    {
      route: PersonPrivacyRoutes.addDisclosure,
      key: actor.idempotencyKey,
      payload: { personId, draft },
    },
    () => ({
      inserts: [],
      guard: async (trx) => {
        if (!(await findPersonRow(trx, personId))) throw notFound(PERSON_MESSAGES.notFound);
        await trx.insertInto("disclosures").values(row).execute();
        await writeAudit(trx, {
          actorUserId: actor.userId,
          action: "disclosure.recorded",
          target: { type: "person", id: personId },
          ip: actor.ip,
          // What and why stay in the log itself; the audit says which entry and to whom.
          details: {
            disclosureId: row.id,
            disclosedOn: row.disclosed_on,
            recipient: row.recipient,
          },
        });
      },
      response: {
        statusCode: 201,
        body: { success: true, message: DISCLOSURE_MESSAGES.recorded, data: answer },
      },
    }),
    () => now,
  );
  return stored.body.data;
}
