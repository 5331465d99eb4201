import { personDuplicateKeys } from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** People per statement (bound values), well inside both engines' limits. */
const PEOPLE_PER_READ = 500;
/** Keys per INSERT (2 bound values each). */
const KEYS_PER_INSERT = 1000;

/**
 * Brings these people's duplicate keys (decision 0071) up to date inside the caller's
 * transaction: what they should hold now (their name and ZIP, their name and each date of
 * birth on their quotes, their email written loosely) against what they hold; the keys
 * that no longer apply are deleted and the new ones inserted, in key order (the triggers
 * count each key's people, and two writers then take those counts' rows in one order).
 * Call it wherever a person's name, ZIP or email changes or a quote joins or leaves them.
 *
 * `datesOfBirth` adds dates of quotes about to be stored (a new lead is matched to its
 * person before its row is inserted). A person gone meanwhile is skipped (their keys went
 * with their row).
 */
export async function refreshDuplicateKeys(
  db: Kysely<Database>,
  personIds: Iterable<string>,
  datesOfBirth: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<void> {
  const ids = [...new Set(personIds)].sort();
  for (let start = 0; start < ids.length; start += PEOPLE_PER_READ) {
    const part = ids.slice(start, start + PEOPLE_PER_READ);
    const [people, quotes, held] = await Promise.all([
      db
        .selectFrom("persons")
        .select(["id", "first_name", "last_name", "zip", "email"])
        .where("id", "in", part)
        .execute(),
      db
        .selectFrom("auto_quotes")
        .select(["person_id", "dob"])
        .where("person_id", "in", part)
        .where("dob", "<>", "")
        .execute(),
      db
        .selectFrom("person_duplicate_keys")
        .select(["person_id", "key"])
        .where("person_id", "in", part)
        .execute(),
    ]);
    const dates = new Map<string, string[]>();
    for (const [id, list] of datesOfBirth) dates.set(id, [...list]);
    for (const quote of quotes) {
      if (!quote.person_id) continue;
      dates.set(quote.person_id, [...(dates.get(quote.person_id) ?? []), quote.dob]);
    }
    const heldBy = new Map<string, Set<string>>();
    for (const row of held) {
      const keys = heldBy.get(row.person_id) ?? new Set<string>();
      keys.add(row.key);
      heldBy.set(row.person_id, keys);
    }
    const toInsert: { key: string; person_id: string }[] = [];
    const toDelete: { key: string; person_id: string }[] = [];
    for (const person of people) {
      const wanted = new Set(
        personDuplicateKeys(
          {
            firstName: person.first_name,
            lastName: person.last_name,
            zip: person.zip,
            email: person.email,
          },
          dates.get(person.id) ?? [],
        ),
      );
      const has = heldBy.get(person.id) ?? new Set<string>();
      for (const key of wanted) if (!has.has(key)) toInsert.push({ key, person_id: person.id });
      for (const key of has) if (!wanted.has(key)) toDelete.push({ key, person_id: person.id });
    }
    // One pass in key order, deletes and inserts alike: each key's count row is taken in
    // that order, so two writers never wait on each other's rows crosswise (PostgreSQL).
    const changes = [
      ...toDelete.map((row) => ({ ...row, isInsert: false })),
      ...toInsert.map((row) => ({ ...row, isInsert: true })),
    ].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.person_id < b.person_id ? -1 : 1));
    let inserts: { key: string; person_id: string }[] = [];
    const flush = async () => {
      if (inserts.length === 0) return;
      await db
        .insertInto("person_duplicate_keys")
        .values(inserts)
        .onConflict((oc) => oc.columns(["key", "person_id"]).doNothing())
        .execute();
      inserts = [];
    };
    for (const { isInsert, ...row } of changes) {
      if (isInsert) {
        inserts.push(row);
        if (inserts.length === KEYS_PER_INSERT) await flush();
        continue;
      }
      await flush();
      await db
        .deleteFrom("person_duplicate_keys")
        .where("key", "=", row.key)
        .where("person_id", "=", row.person_id)
        .execute();
    }
    await flush();
  }
}
