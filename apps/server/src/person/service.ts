import {
  DUPLICATE_REASONS,
  type DuplicateGroups,
  type DuplicateReason,
  duplicateReasonOfKey,
  leadSearchText,
  MAX_DUPLICATES,
  MAX_GROUP_PEOPLE,
  PERSON_MESSAGES,
  type PeopleListQuery,
  type Person,
  type PersonDuplicate,
  type PersonPage,
  type PersonUpdate,
  type PreferredContactMethod,
  personEmailKey,
  personPhoneKey,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import { leadTimeline } from "../dashboard/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { refreshDuplicateKeys } from "../db/duplicate-keys.ts";
import type { Database, PersonsTable } from "../db/schema.ts";
import { householdOf } from "../household/index.ts";
import { conflict, HttpError, notFound } from "../lib/http-errors.ts";
import { nowIso } from "../lib/ids.ts";
import { emailsAbout } from "../staff-email/index.ts";
import {
  claimKey,
  findPersonForChange,
  findPersonRow,
  keyHolders,
  peopleBatches,
  peoplePageIds,
  personRowsByIds,
  sharedKeysPage,
  sharingKeys,
  updatePersonRow,
} from "./repository.ts";

export function toPerson(row: PersonsTable): Person {
  return {
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    mailingAddress: { street: row.street, city: row.city, state: row.state, zip: row.zip },
    preferredContact: row.preferred_contact as PreferredContactMethod | null,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    leadCounts: {
      quotes: Number(row.live_quotes),
      contacts: Number(row.live_contacts),
      appointments: Number(row.live_appointments),
    },
    latestAt: row.latest_at,
  };
}

/** These people in the list's shape, in the order of `ids`. */
export async function readPeople(db: Kysely<Database>, ids: readonly string[]): Promise<Person[]> {
  return (await personRowsByIds(db, ids)).map(toPerson);
}

/** One page of the people list (decision 0047: `limit` is the route's to decide). */
export async function listPeople(
  db: Kysely<Database>,
  params: PeopleListQuery & { limit: number; offset: number },
) {
  const { ids, total } = await peoplePageIds(db, params);
  return {
    success: true as const,
    data: await readPeople(db, ids),
    total,
    limit: params.limit,
    offset: params.offset,
  };
}

/** Every person the export's search and filter match, `batchSize` at a time, with their counts. */
export async function* exportPeople(
  db: Kysely<Database>,
  params: Pick<PeopleListQuery, "q" | "has" | "sort">,
  batchSize: number,
): AsyncGenerator<Person[]> {
  for await (const rows of peopleBatches(db, params, batchSize)) yield rows.map(toPerson);
}

/** How a person's own emails are logged (staff_emails.about_type, decision 0070). */
export const PERSON_EMAIL_TYPE = "person";

/**
 * The person page: the person, the timeline of their leads (as the prospect timeline), their
 * household and the emails sent to them from their page.
 */
export async function personPage(db: Kysely<Database>, id: string): Promise<PersonPage> {
  const row = await findPersonRow(db, id);
  if (!row) throw notFound(PERSON_MESSAGES.notFound);
  const [timeline, household, emails] = await Promise.all([
    leadTimeline(db, { personId: id }),
    householdOf(db, id),
    emailsAbout(db, [{ type: PERSON_EMAIL_TYPE, id }]),
  ]);
  return {
    person: toPerson(row),
    timeline: timeline.items,
    timelineTotal: timeline.total,
    household,
    emails: emails.map((item) => item.email),
  };
}

type Field = Exclude<keyof PersonUpdate, "mailingAddress"> | "street" | "city" | "state" | "zip";
const COLUMN_OF = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  phone: "phone",
  street: "street",
  city: "city",
  state: "state",
  zip: "zip",
  preferredContact: "preferred_contact",
  notes: "notes",
} as const satisfies Record<Field, keyof PersonsTable>;

/**
 * Changes a person's details (only the fields sent, already checked by PersonUpdateSchema).
 * Fields whose value differs are written, with the new search text, and one audit entry
 * holds each one's value before and after. A new email or phone becomes one of the person's
 * keys (the old ones stay: their leads still carry them); one that belongs to another person
 * is a 409, since merging two people is a later, deliberate step (decision 0066). A change
 * that changes nothing writes nothing.
 */
export async function updatePerson(
  database: DatabaseHandle,
  id: string,
  change: PersonUpdate,
  actor: { userId: string; ip: string },
  now: Date,
): Promise<Person> {
  const { mailingAddress, ...rest } = change;
  const fields: Partial<Record<Field, string | null>> = { ...rest, ...mailingAddress };
  const row = await database.db.transaction().execute(async (trx) => {
    const current = await findPersonForChange(trx, id, database.engine);
    if (!current) throw notFound(PERSON_MESSAGES.notFound);
    const set: Partial<PersonsTable> = {};
    const before: Partial<Record<Field, unknown>> = {};
    const after: Partial<Record<Field, unknown>> = {};
    for (const [field, value] of Object.entries(fields) as [Field, string | null | undefined][]) {
      const column = COLUMN_OF[field];
      if (value === undefined || current[column] === value) continue;
      (set as Record<string, unknown>)[column] = value;
      before[field] = current[column];
      after[field] = value;
    }
    if (Object.keys(set).length === 0) return current;
    const next = { ...current, ...set };
    if (next.email === "" && next.phone === "") {
      throw new HttpError(400, PERSON_MESSAGES.contactRequired);
    }
    if (set.email !== undefined) {
      const key = personEmailKey(set.email);
      if (key && (await claimKey(trx, `e:${key}`, id)) !== id) {
        throw conflict(PERSON_MESSAGES.emailTaken);
      }
    }
    if (set.phone !== undefined) {
      const key = personPhoneKey(set.phone);
      if (key && (await claimKey(trx, `p:${key}`, id)) !== id) {
        throw conflict(PERSON_MESSAGES.phoneTaken);
      }
    }
    const updated: PersonsTable = {
      ...next,
      search_text: leadSearchText({
        firstName: next.first_name,
        lastName: next.last_name,
        email: next.email,
        phone: next.phone,
      }),
      updated_at: nowIso(now),
    };
    await updatePersonRow(trx, id, {
      ...set,
      search_text: updated.search_text,
      updated_at: updated.updated_at,
    });
    // Their name, ZIP and email make their duplicate keys (decision 0071).
    if (["first_name", "last_name", "zip", "email"].some((column) => column in set)) {
      await refreshDuplicateKeys(trx, [id]);
    }
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "person.updated",
      target: { type: "person", id },
      ip: actor.ip,
      details: { before, after },
    });
    return updated;
  });
  return toPerson(row);
}

/** Reasons in the order the API lists them. */
const byReason = (a: DuplicateReason, b: DuplicateReason) =>
  DUPLICATE_REASONS.indexOf(a) - DUPLICATE_REASONS.indexOf(b);

/**
 * People who may be this one (issue 27 §1): the same name (as search normalises it) and the
 * same ZIP, the same name and a date of birth in common (from their quotes), or the same
 * email written differently, read from the duplicate keys (decision 0071); at most
 * MAX_DUPLICATES, most recently heard from first. Only suggested: nothing is merged.
 */
export async function personDuplicates(
  db: Kysely<Database>,
  id: string,
): Promise<PersonDuplicate[]> {
  const person = await findPersonRow(db, id);
  if (!person) throw notFound(PERSON_MESSAGES.notFound);
  const reasonsOf = new Map<string, DuplicateReason[]>();
  for (const row of await sharingKeys(db, id)) {
    const reasons = reasonsOf.get(row.person_id);
    const reason = duplicateReasonOfKey(row.key);
    if (reasons) {
      if (!reasons.includes(reason)) reasons.push(reason);
    } else if (reasonsOf.size < MAX_DUPLICATES) {
      reasonsOf.set(row.person_id, [reason]);
    }
  }
  const rows = await personRowsByIds(db, [...reasonsOf.keys()]);
  return rows.map((row) => ({
    person: toPerson(row),
    reasons: (reasonsOf.get(row.id) ?? []).sort(byReason),
  }));
}

/**
 * The Duplicates list (issue 27 §1, decision 0071): a page of the groups of people who share
 * a duplicate key, in key order (the email groups, then by name), each with its reason, how
 * many share it and the most recently heard from of them (at most MAX_GROUP_PEOPLE).
 */
export async function duplicateGroups(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<DuplicateGroups> {
  const { groups, total } = await sharedKeysPage(db, page);
  const holders = await keyHolders(
    db,
    groups.map((group) => group.key),
    MAX_GROUP_PEOPLE,
  );
  return {
    success: true as const,
    data: groups.map((group) => ({
      reason: duplicateReasonOfKey(group.key),
      size: group.people,
      people: (holders.get(group.key) ?? []).map(toPerson),
    })),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}
