import { leadSearchText, normaliseEmail, personEmailKey, personPhoneKey } from "@agency/domain";
import { PostgresAdapter, sql, type Transaction } from "kysely";
import { newId, nowIso } from "../lib/ids.ts";
import { refreshDuplicateKeys } from "./duplicate-keys.ts";
import type { Database, PersonsTable } from "./schema.ts";

/**
 * Who a new lead is about, as it claims a person (decision 0066): its name, email, phone
 * and (a quote) mailing address, and when it arrived.
 */
export type PersonClaim = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address?: { street: string; city: string; state: string; zip: string };
  /** A quote's date of birth (a duplicate key with the person's name, decision 0071). */
  dob?: string;
  /** The lead's created_at. */
  at: string;
};

/** A lead row waiting for its person: `person_id` is set as it is matched. */
export type PersonLink = {
  claim: PersonClaim;
  lead: { person_id: string | null };
  /** Rows written with the lead that name its person too (its notice, a consent entry). */
  also?: { person_id: string | null }[];
};

/** The match keys of a lead or person: "e:" + email key, "p:" + phone key; none when empty. */
export function personKeys(person: { email: string; phone: string }): {
  email?: string;
  phone?: string;
} {
  const email = personEmailKey(person.email);
  const phone = personPhoneKey(person.phone);
  return { ...(email ? { email: `e:${email}` } : {}), ...(phone ? { phone: `p:${phone}` } : {}) };
}

/** An appointment's one name as a person's two: its last word is the last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? "", lastName: "" };
  return { firstName: words.slice(0, -1).join(" "), lastName: words.at(-1) ?? "" };
}

/** A new person's row from the lead that made them. */
export function newPersonRow(claim: PersonClaim, now: string): PersonsTable {
  const email = normaliseEmail(claim.email);
  const phone = personPhoneKey(claim.phone);
  return {
    id: newId(),
    first_name: claim.firstName,
    last_name: claim.lastName,
    email,
    phone,
    street: claim.address?.street ?? "",
    city: claim.address?.city ?? "",
    state: claim.address?.state ?? "",
    zip: claim.address?.zip ?? "",
    preferred_contact: null,
    notes: "",
    search_text: leadSearchText({
      firstName: claim.firstName,
      lastName: claim.lastName,
      email,
      phone,
    }),
    latest_at: claim.at,
    created_at: claim.at,
    updated_at: now,
    // The lead's insert counts itself (the migration's triggers).
    live_quotes: 0,
    live_contacts: 0,
    live_appointments: 0,
  };
}

/** Keys read per statement (bound values), well inside both engines' limits. */
const KEYS_PER_READ = 1000;
/** People per INSERT (15 columns each). */
const ROWS_PER_INSERT = 500;
/** A concurrent writer took one of our keys: read again (it has committed by then). */
const MAX_ATTEMPTS = 5;

async function owners(trx: Transaction<Database>, keys: string[]): Promise<Map<string, string>> {
  const owner = new Map<string, string>();
  for (let start = 0; start < keys.length; start += KEYS_PER_READ) {
    const rows = await trx
      .selectFrom("person_keys")
      .select(["key", "person_id"])
      .where("key", "in", keys.slice(start, start + KEYS_PER_READ))
      .execute();
    for (const row of rows) owner.set(row.key, row.person_id);
  }
  return owner;
}

/**
 * Attaches each lead to its person, inside the lead's own transaction (before its row is
 * inserted): the person whose email key matches, else whose phone key matches (the email
 * wins when they point at two people; nothing is merged), else a new person. The lead's
 * keys that nobody owns yet are added to its person, so a new email with a known phone is
 * known from then on; a person without an email or phone takes the lead's.
 *
 * `person_keys.key` is unique: two transactions that make a person for the same key at
 * once cannot both insert it. The second's insert waits for the first to commit and then
 * inserts nothing (on conflict do nothing); it takes back what it wrote and reads again,
 * finding the first's person.
 */
export async function attachPeople(trx: Transaction<Database>, links: PersonLink[]): Promise<void> {
  if (links.length === 0) return;
  const keyed = links.map((link) => ({ ...link, keys: personKeys(link.claim) }));
  const allKeys = [
    ...new Set(keyed.flatMap(({ keys }) => [keys.email, keys.phone].filter(isKey))),
  ].sort();
  const now = nowIso();
  for (let attempt = 1; ; attempt++) {
    const owner = await owners(trx, allKeys);
    const created = new Map<string, PersonsTable>();
    const newKeys: { key: string; person_id: string }[] = [];
    /** Existing people: their newest lead, and the email or phone they lacked. */
    const touched = new Map<string, { at: string; email?: string; phone?: string }>();
    for (const { claim, keys, lead, also } of keyed) {
      let personId = (keys.email && owner.get(keys.email)) || (keys.phone && owner.get(keys.phone));
      if (!personId) {
        const row = newPersonRow(claim, now);
        created.set(row.id, row);
        personId = row.id;
      } else {
        const made = created.get(personId);
        if (made) {
          if (claim.at > made.latest_at) made.latest_at = claim.at;
          if (claim.at < made.created_at) made.created_at = claim.at;
        } else {
          const seen = touched.get(personId);
          touched.set(personId, { ...seen, at: seen && seen.at > claim.at ? seen.at : claim.at });
        }
      }
      for (const kind of ["email", "phone"] as const) {
        const key = keys[kind];
        if (!key || owner.has(key)) continue;
        owner.set(key, personId);
        newKeys.push({ key, person_id: personId });
        const entry = touched.get(personId);
        if (entry) entry[kind] = kind === "email" ? normaliseEmail(claim.email) : key.slice(2);
      }
      lead.person_id = personId;
      for (const row of also ?? []) row.person_id = personId;
    }
    const people = [...created.values()];
    for (let start = 0; start < people.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto("persons")
        .values(people.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
    // In key order, so two writers never wait on each other's keys in opposite orders.
    newKeys.sort((a, b) => (a.key < b.key ? -1 : 1));
    const inserted =
      newKeys.length === 0
        ? []
        : await trx
            .insertInto("person_keys")
            .values(newKeys)
            .onConflict((oc) => oc.column("key").doNothing())
            .returning("key")
            .execute();
    if (inserted.length < newKeys.length && attempt < MAX_ATTEMPTS) {
      // Someone else took a key since it was read: take back this attempt and read again.
      if (inserted.length > 0) {
        await trx
          .deleteFrom("person_keys")
          .where(
            "key",
            "in",
            inserted.map((row) => row.key),
          )
          .execute();
      }
      if (people.length > 0) {
        await trx
          .deleteFrom("persons")
          .where(
            "id",
            "in",
            people.map((person) => person.id),
          )
          .execute();
      }
      continue;
    }
    await touchLatest(trx, touched);
    for (const [personId, change] of touched) {
      if (change.email !== undefined || change.phone !== undefined) {
        await fillContact(trx, personId, change, now);
      }
    }
    // Duplicate keys (decision 0071): a new person's, and an existing one's when a quote
    // brings a date of birth or their email was filled in.
    const dates = new Map<string, string[]>();
    for (const { claim, lead } of keyed) {
      if (!claim.dob || !lead.person_id) continue;
      dates.set(lead.person_id, [...(dates.get(lead.person_id) ?? []), claim.dob]);
    }
    const changed = [...touched].filter(([, change]) => change.email !== undefined);
    await refreshDuplicateKeys(
      trx,
      [...created.keys(), ...dates.keys(), ...changed.map(([id]) => id)],
      dates,
    );
    return;
  }
}

const isKey = (key: string | undefined): key is string => key !== undefined;

/**
 * Existing people's newest arrival, in one statement per batch.
 *
 * On PostgreSQL every touched person is locked first, in id order, whether or not their
 * newest arrival changes: the lead's insert then bumps its hourly tally row and, through
 * the person's live counts, the person's row (triggers, in that order). A transaction that
 * reached the tally row without holding the person's row could wait for a second one that
 * holds the person (its arrival was newer) and waits for the tally: a deadlock between
 * two instances storing leads of one person at once.
 */
async function touchLatest(
  trx: Transaction<Database>,
  touched: Map<string, { at: string }>,
): Promise<void> {
  const entries = [...touched].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length > 0 && trx.getExecutor().adapter instanceof PostgresAdapter) {
    for (let start = 0; start < entries.length; start += KEYS_PER_READ) {
      await trx
        .selectFrom("persons")
        .select("id")
        .where(
          "id",
          "in",
          entries.slice(start, start + KEYS_PER_READ).map(([id]) => id),
        )
        .orderBy("id")
        .forUpdate()
        .execute();
    }
  }
  for (let start = 0; start < entries.length; start += KEYS_PER_READ) {
    const part = entries.slice(start, start + KEYS_PER_READ);
    const at = sql<string>`(case id ${sql.join(
      part.map(([id, change]) => sql`when ${id} then ${change.at}`),
      sql` `,
    )} end)`;
    await trx
      .updateTable("persons")
      .set({ latest_at: at })
      .where(
        "id",
        "in",
        part.map(([id]) => id),
      )
      .where("latest_at", "<", at)
      .execute();
  }
}

/** An email or phone a person lacked, from their new lead (their search text follows). */
async function fillContact(
  trx: Transaction<Database>,
  personId: string,
  change: { email?: string; phone?: string },
  now: string,
): Promise<void> {
  const person = await trx
    .selectFrom("persons")
    .select(["first_name", "last_name", "email", "phone"])
    .where("id", "=", personId)
    .executeTakeFirst();
  if (!person) return;
  const email = person.email === "" && change.email ? change.email : person.email;
  const phone = person.phone === "" && change.phone ? change.phone : person.phone;
  if (email === person.email && phone === person.phone) return;
  await trx
    .updateTable("persons")
    .set({
      email,
      phone,
      search_text: leadSearchText({
        firstName: person.first_name,
        lastName: person.last_name,
        email,
        phone,
      }),
      updated_at: now,
    })
    .where("id", "=", personId)
    .execute();
}
