import {
  HOUSEHOLD_MESSAGES,
  type Household,
  type HouseholdLink,
  type HouseholdMember,
  type HouseholdRelationship,
} from "@agency/domain";
import type { Kysely, Transaction } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { conflict, HttpError, notFound } from "../lib/http-errors.ts";
import { nowIso } from "../lib/ids.ts";
import {
  deleteMembership,
  findMembership,
  hasMembers,
  householdRows,
  insertMembership,
  lockPeople,
  updateRelationship,
} from "./repository.ts";

type Reader = Kysely<Database> | Transaction<Database>;
type Actor = { userId: string; ip: string };

/** The primary person of the household `personId` is in: theirs, or themselves. */
async function primaryOf(db: Reader, personId: string): Promise<string> {
  return (await findMembership(db, personId))?.primary_person_id ?? personId;
}

/** The household a person is in (decision 0070); null when they are in none. */
export async function householdOf(db: Reader, personId: string): Promise<Household | null> {
  const primaryId = await primaryOf(db, personId);
  const { primary, members } = await householdRows(db, primaryId);
  if (!primary || members.length === 0) return null;
  const people: HouseholdMember[] = [
    {
      _id: primary.id,
      firstName: primary.first_name,
      lastName: primary.last_name,
      relationship: "primary",
    },
    ...members.map((row) => ({
      _id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      relationship: row.relationship as HouseholdRelationship,
    })),
  ];
  return { primaryId, members: people };
}

/**
 * Adds `link.personId` to the household of `id` (its primary's when `id` is a member),
 * related to the primary as said. Refused: the person themselves (400), an unknown person
 * (404), someone already in a household, as a member or as a primary with members (409).
 */
export async function linkToHousehold(
  database: DatabaseHandle,
  id: string,
  link: HouseholdLink,
  actor: Actor,
  now: Date,
): Promise<Household | null> {
  return database.db.transaction().execute(async (trx) => {
    const primaryId = await primaryOf(trx, id);
    const existing = await lockPeople(trx, [id, primaryId, link.personId], database.engine);
    if (!existing.has(id) || !existing.has(primaryId)) {
      throw notFound(HOUSEHOLD_MESSAGES.personNotFound);
    }
    if (link.personId === id || link.personId === primaryId) {
      throw new HttpError(400, HOUSEHOLD_MESSAGES.self);
    }
    if (!existing.has(link.personId)) throw notFound(HOUSEHOLD_MESSAGES.memberNotFound);
    // Read again under the locks: the household may have changed while we waited.
    if ((await primaryOf(trx, id)) !== primaryId)
      throw conflict(HOUSEHOLD_MESSAGES.alreadyInHousehold);
    if (
      (await findMembership(trx, link.personId)) !== undefined ||
      (await hasMembers(trx, link.personId))
    ) {
      throw conflict(HOUSEHOLD_MESSAGES.alreadyInHousehold);
    }
    const at = nowIso(now);
    await insertMembership(trx, {
      person_id: link.personId,
      primary_person_id: primaryId,
      relationship: link.relationship,
      created_at: at,
      updated_at: at,
    });
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "household.linked",
      target: { type: "person", id: link.personId },
      ip: actor.ip,
      details: {
        before: null,
        after: { primaryId, relationship: link.relationship },
      },
    });
    return householdOf(trx, primaryId);
  });
}

/** The membership of `memberId` in the household of `id`, under the household's locks. */
async function lockedMembership(
  trx: Transaction<Database>,
  database: DatabaseHandle,
  id: string,
  memberId: string,
) {
  const primaryId = await primaryOf(trx, id);
  const existing = await lockPeople(trx, [id, primaryId, memberId], database.engine);
  if (!existing.has(id)) throw notFound(HOUSEHOLD_MESSAGES.personNotFound);
  if (memberId === primaryId) throw conflict(HOUSEHOLD_MESSAGES.primaryFixed);
  const membership = await findMembership(trx, memberId);
  if (!membership || membership.primary_person_id !== primaryId) {
    throw notFound(HOUSEHOLD_MESSAGES.notMember);
  }
  return membership;
}

/** Changes how a member is related to the household's primary person (audited). */
export async function changeRelationship(
  database: DatabaseHandle,
  ids: { id: string; memberId: string },
  relationship: HouseholdRelationship,
  actor: Actor,
  now: Date,
): Promise<Household | null> {
  return database.db.transaction().execute(async (trx) => {
    const membership = await lockedMembership(trx, database, ids.id, ids.memberId);
    if (membership.relationship !== relationship) {
      await updateRelationship(trx, ids.memberId, relationship, nowIso(now));
      await writeAudit(trx, {
        actorUserId: actor.userId,
        action: "household.changed",
        target: { type: "person", id: ids.memberId },
        ip: actor.ip,
        details: {
          before: { relationship: membership.relationship },
          after: { relationship },
        },
      });
    }
    return householdOf(trx, membership.primary_person_id);
  });
}

/** Removes a member from the household (the person stays); the household ends with its last. */
export async function unlinkFromHousehold(
  database: DatabaseHandle,
  ids: { id: string; memberId: string },
  actor: Actor,
): Promise<Household | null> {
  return database.db.transaction().execute(async (trx) => {
    const membership = await lockedMembership(trx, database, ids.id, ids.memberId);
    await deleteMembership(trx, ids.memberId);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "household.unlinked",
      target: { type: "person", id: ids.memberId },
      ip: actor.ip,
      details: {
        before: { primaryId: membership.primary_person_id, relationship: membership.relationship },
        after: null,
      },
    });
    return householdOf(trx, membership.primary_person_id);
  });
}
