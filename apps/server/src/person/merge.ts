import { PERSON_MERGE_MESSAGES, PERSON_MERGE_UNDO_DAYS, PERSON_MESSAGES } from "@agency/domain";
import type { Transaction } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import { consentRow, mergedLedgerOf } from "../consent/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { refreshDuplicateKeys } from "../db/duplicate-keys.ts";
import type { Database, PersonsTable } from "../db/schema.ts";
import { HttpError, notFound } from "../lib/http-errors.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { findPersonForChange } from "./repository.ts";
import { toPerson } from "./service.ts";

/** What a merge moves with the person: the leads, and the Client Center's requests (0077). */
const LEAD_TABLES = ["auto_quotes", "contacts", "appointments", "service_requests"] as const;
/** What a merge moves to the kept person: lead ids per table, and the tasks and emails about the other. */
type MovedLeads = Record<(typeof LEAD_TABLES)[number], string[]> & {
  tasks?: string[];
  staff_emails?: string[];
  /** The other person's policies (decision 0072). */
  policies?: string[];
};
type Actor = { userId: string; ip: string };

/** The row as stored, without the counts the triggers keep (they follow the leads). */
function withoutCounts(row: PersonsTable) {
  const { live_quotes: _q, live_contacts: _c, live_appointments: _a, ...rest } = row;
  return rest;
}

/** Both people, locked (PostgreSQL) in id order so two merges never wait on each other crosswise. */
async function lockBoth(
  trx: Transaction<Database>,
  database: DatabaseHandle,
  a: string,
  b: string,
): Promise<Map<string, PersonsTable>> {
  const found = new Map<string, PersonsTable>();
  for (const id of [a, b].sort()) {
    const row = await findPersonForChange(trx, id, database.engine);
    if (row) found.set(id, row);
  }
  return found;
}

/**
 * Merges `otherId` into `keptId` (issue 27 §1, decision 0066): every lead and key of the
 * other person moves to the kept one (their histories stay on their leads), the other
 * person's row goes, and what moved is recorded so the merge can be undone for
 * PERSON_MERGE_UNDO_DAYS. Audited. The kept person's details stay as they are.
 */
export async function mergePeople(
  database: DatabaseHandle,
  keptId: string,
  otherId: string,
  actor: Actor,
  now: Date,
) {
  if (keptId === otherId) throw new HttpError(400, PERSON_MERGE_MESSAGES.self);
  return database.db.transaction().execute(async (trx) => {
    const people = await lockBoth(trx, database, keptId, otherId);
    const kept = people.get(keptId);
    const other = people.get(otherId);
    if (!kept) throw notFound(PERSON_MESSAGES.notFound);
    if (!other) throw notFound(PERSON_MERGE_MESSAGES.otherNotFound);
    const moved = {} as MovedLeads;
    for (const table of LEAD_TABLES) {
      const rows = await trx
        .selectFrom(table)
        .select("id")
        .where("person_id", "=", otherId)
        .orderBy("id")
        .execute();
      moved[table] = rows.map((row) => row.id);
      // The triggers move the live counts with the leads.
      await trx
        .updateTable(table)
        .set({ person_id: keptId })
        .where("person_id", "=", otherId)
        .execute();
    }
    // A household is the people's own arrangement: unlinked first, never moved silently.
    const household = await trx
      .selectFrom("household_members")
      .select("person_id")
      .where((eb) => eb.or([eb("person_id", "=", otherId), eb("primary_person_id", "=", otherId)]))
      .limit(1)
      .executeTakeFirst();
    if (household) throw new HttpError(409, PERSON_MERGE_MESSAGES.inHousehold);
    moved.tasks = (
      await trx
        .selectFrom("tasks")
        .select("id")
        .where("subject_type", "=", "person")
        .where("subject_id", "=", otherId)
        .orderBy("id")
        .execute()
    ).map((row) => row.id);
    await trx
      .updateTable("tasks")
      .set({ subject_id: keptId })
      .where("subject_type", "=", "person")
      .where("subject_id", "=", otherId)
      .execute();
    moved.staff_emails = (
      await trx
        .selectFrom("staff_emails")
        .select("id")
        .where("about_type", "=", "person")
        .where("about_id", "=", otherId)
        .orderBy("id")
        .execute()
    ).map((row) => row.id);
    await trx
      .updateTable("staff_emails")
      .set({ about_id: keptId })
      .where("about_type", "=", "person")
      .where("about_id", "=", otherId)
      .execute();
    moved.policies = (
      await trx
        .selectFrom("policies")
        .select("id")
        .where("person_id", "=", otherId)
        .orderBy("id")
        .execute()
    ).map((row) => row.id);
    await trx
      .updateTable("policies")
      .set({ person_id: keptId })
      .where("person_id", "=", otherId)
      .execute();
    const keys = (
      await trx
        .selectFrom("person_keys")
        .select("key")
        .where("person_id", "=", otherId)
        .orderBy("key")
        .execute()
    ).map((row) => row.key);
    await trx
      .updateTable("person_keys")
      .set({ person_id: keptId })
      .where("person_id", "=", otherId)
      .execute();
    const at = nowIso(now);
    await trx
      .updateTable("persons")
      .set({
        latest_at: other.latest_at > kept.latest_at ? other.latest_at : kept.latest_at,
        created_at: other.created_at < kept.created_at ? other.created_at : kept.created_at,
        updated_at: at,
      })
      .where("id", "=", keptId)
      .execute();
    // The other's duplicate keys go with their row; the kept person's take in the dates of
    // birth of the quotes that moved (decision 0071).
    await trx.deleteFrom("persons").where("id", "=", otherId).execute();
    await refreshDuplicateKeys(trx, [keptId]);
    const mergeId = newId(now.getTime());
    await trx
      .insertInto("person_merges")
      .values({
        id: mergeId,
        kept_id: keptId,
        merged_id: otherId,
        merged_row: JSON.stringify(withoutCounts(other)),
        kept_before: JSON.stringify({
          latest_at: kept.latest_at,
          created_at: kept.created_at,
          updated_at: kept.updated_at,
        }),
        moved_leads: JSON.stringify(moved),
        moved_keys: JSON.stringify(keys),
        created_at: at,
        created_by: actor.userId,
        undone_at: null,
      })
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "person.merged",
      target: { type: "person", id: keptId },
      ip: actor.ip,
      details: {
        mergeId,
        merged: otherId,
        leads: Object.values(moved).reduce((sum, ids) => sum + ids.length, 0),
      },
    });
    const after = await trx
      .selectFrom("persons")
      .selectAll()
      .where("id", "=", keptId)
      .executeTakeFirstOrThrow();
    return { mergeId, person: toPerson(after) };
  });
}

/**
 * The consent ledger moves nothing on a merge (it cannot be changed; a person's ledger
 * takes in those merged into them) nor on its undo. A revocation recorded on the kept
 * person while the merge stood was said for both: if the person who comes back would
 * otherwise still stand as consenting, they get a revocation too (decision 0080: the
 * stricter side).
 */
async function carryRevocation(
  trx: Transaction<Database>,
  merge: { kept_id: string; created_at: string },
  restoredId: string,
  now: Date,
): Promise<void> {
  const revoked = await trx
    .selectFrom("consent_ledger")
    .selectAll()
    .where("person_id", "=", merge.kept_id)
    .where("event", "=", "revoked")
    .where("created_at", ">=", merge.created_at)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!revoked) return;
  const restored = await mergedLedgerOf(trx, restoredId);
  if (restored.at(-1)?.event !== "given") return;
  await trx
    .insertInto("consent_ledger")
    .values(
      consentRow(
        {
          personId: restoredId,
          event: "revoked",
          via: revoked.via,
          byUserId: revoked.by_user_id,
          note: `Revoked while merged into another person (entry ${revoked.id}); kept on undoing the merge`,
        },
        now,
      ),
    )
    .execute();
}

/**
 * Undoes a merge made within PERSON_MERGE_UNDO_DAYS: the merged person comes back as they
 * were, with the leads and keys that moved (those still with the kept person; a lead or
 * key that moved on since stays where it is), and the kept person's dates as before.
 */
export async function undoMerge(
  database: DatabaseHandle,
  mergeId: string,
  actor: Actor,
  now: Date,
) {
  const cutoff = nowIso(new Date(now.getTime() - PERSON_MERGE_UNDO_DAYS * 86_400_000));
  return database.db.transaction().execute(async (trx) => {
    const merge = await trx
      .selectFrom("person_merges")
      .selectAll()
      .where("id", "=", mergeId)
      .where("undone_at", "is", null)
      .where("created_at", ">=", cutoff)
      .executeTakeFirst();
    if (!merge) throw notFound(PERSON_MERGE_MESSAGES.notUndoable);
    const kept = await findPersonForChange(trx, merge.kept_id, database.engine);
    if (!kept) throw notFound(PERSON_MERGE_MESSAGES.personMissing);
    const row = JSON.parse(merge.merged_row) as Omit<
      PersonsTable,
      "live_quotes" | "live_contacts" | "live_appointments"
    >;
    // Back with no leads counted: the triggers count them as they move back.
    await trx
      .insertInto("persons")
      .values({ ...row, live_quotes: 0, live_contacts: 0, live_appointments: 0 })
      .execute();
    const moved = JSON.parse(merge.moved_leads) as MovedLeads;
    for (const table of LEAD_TABLES) {
      const ids = moved[table] ?? [];
      for (let start = 0; start < ids.length; start += 500) {
        await trx
          .updateTable(table)
          .set({ person_id: row.id })
          .where("id", "in", ids.slice(start, start + 500))
          .where("person_id", "=", merge.kept_id)
          .execute();
      }
    }
    for (const id of moved.tasks ?? []) {
      await trx
        .updateTable("tasks")
        .set({ subject_id: row.id })
        .where("id", "=", id)
        .where("subject_type", "=", "person")
        .where("subject_id", "=", merge.kept_id)
        .execute();
    }
    for (const id of moved.staff_emails ?? []) {
      await trx
        .updateTable("staff_emails")
        .set({ about_id: row.id })
        .where("id", "=", id)
        .where("about_type", "=", "person")
        .where("about_id", "=", merge.kept_id)
        .execute();
    }
    for (const id of moved.policies ?? []) {
      await trx
        .updateTable("policies")
        .set({ person_id: row.id })
        .where("id", "=", id)
        .where("person_id", "=", merge.kept_id)
        .execute();
    }
    const keys = JSON.parse(merge.moved_keys) as string[];
    for (let start = 0; start < keys.length; start += 500) {
      await trx
        .updateTable("person_keys")
        .set({ person_id: row.id })
        .where("key", "in", keys.slice(start, start + 500))
        .where("person_id", "=", merge.kept_id)
        .execute();
    }
    const before = JSON.parse(merge.kept_before) as Pick<
      PersonsTable,
      "latest_at" | "created_at" | "updated_at"
    >;
    await trx
      .updateTable("persons")
      .set({
        latest_at: before.latest_at,
        created_at: before.created_at,
        updated_at: before.updated_at,
      })
      .where("id", "=", merge.kept_id)
      .execute();
    await refreshDuplicateKeys(trx, [merge.kept_id, row.id]);
    await carryRevocation(trx, merge, row.id, now);
    await trx
      .updateTable("person_merges")
      .set({ undone_at: nowIso(now) })
      .where("id", "=", mergeId)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "person.merge_undone",
      target: { type: "person", id: merge.kept_id },
      ip: actor.ip,
      details: { mergeId, restored: row.id },
    });
    const read = (id: string) =>
      trx.selectFrom("persons").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const keptAfter = await read(merge.kept_id);
    const restored = await read(row.id);
    return { kept: toPerson(keptAfter), restored: toPerson(restored) };
  });
}
