import {
  mailAudienceOf,
  personEmailKey,
  STOP_LINK_MESSAGES,
  SUPPRESSED_STATUS,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { auditRow } from "../audit/audit.ts";
import type { DatabaseEngine } from "../db/database.ts";
import type { ConsentLedgerTable, Database } from "../db/schema.ts";
import { HttpError } from "../lib/http-errors.ts";
import { consentRow } from "./ledger.ts";
import type { StopClaim } from "./stop-token.ts";

/**
 * The "stop contacting me" link's effects (issue 30 §1, decision 0081): a revocation in the
 * consent ledger of every person the address belongs to, honoured at once.
 */

/** The people whose email key is `emailKey` (person_keys' "e:" keys). */
export async function peopleWithEmailKey(
  db: Kysely<Database>,
  emailKey: string,
): Promise<string[]> {
  if (emailKey === "") return [];
  const rows = await db
    .selectFrom("person_keys")
    .select("person_id")
    .where("key", "=", `e:${emailKey}`)
    .execute();
  return [...new Set(rows.map((row) => row.person_id))].sort();
}

/**
 * When a person's current revocation began: the first "revoked" after their latest "given"
 * (or their first entry ever), when their newest entry is a revocation; else null.
 */
export function revokedSinceIn(ledger: readonly ConsentLedgerTable[]): string | null {
  const newest = ledger.at(-1);
  if (newest?.event !== "revoked") return null;
  let since = newest.created_at;
  for (const entry of [...ledger].reverse()) {
    if (entry.event !== "revoked") break;
    since = entry.created_at;
  }
  return since;
}

/** The ledgers of some people, oldest entry first. */
async function ledgersOf(
  db: Kysely<Database>,
  personIds: readonly string[],
): Promise<Map<string, ConsentLedgerTable[]>> {
  const ledgers = new Map<string, ConsentLedgerTable[]>(personIds.map((id) => [id, []]));
  if (personIds.length === 0) return ledgers;
  const rows = await db
    .selectFrom("consent_ledger")
    .selectAll()
    .where("person_id", "in", [...personIds])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  for (const row of rows) ledgers.get(row.person_id)?.push(row);
  return ledgers;
}

/** Since when a person has asked not to be contacted (ISO time), or null. */
export async function personRevokedSince(
  db: Kysely<Database>,
  personId: string,
): Promise<string | null> {
  return revokedSinceIn((await ledgersOf(db, [personId])).get(personId) ?? []);
}

/**
 * Since when the owner of an address has asked not to be contacted: the earliest current
 * revocation among the people it belongs to (one revoked is enough: the stricter side), or
 * null.
 */
export async function addressRevokedSince(
  db: Kysely<Database>,
  address: string,
): Promise<string | null> {
  const people = await peopleWithEmailKey(db, personEmailKey(address));
  const ledgers = await ledgersOf(db, people);
  const times = [...ledgers.values()].map(revokedSinceIn).filter((t): t is string => t !== null);
  return times.sort()[0] ?? null;
}

export type StopOutcome = "recorded" | "already" | "no-person";

/**
 * Records the revocation a stop link asks for, in one transaction: an entry for each person
 * of the address whose newest entry is not already a revocation, the queued optional mail to
 * the address held back, and an audit row. A token issued before any of those people's
 * latest consent is a replay: 409, nothing recorded.
 */
export async function stopContacting(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  request: { claim: StopClaim; via: "email-link" | "one-click"; ip: string; now: Date },
): Promise<StopOutcome> {
  const { claim, via, ip, now } = request;
  const replayed = await db.transaction().execute(async (trx) => {
    const people = await peopleWithEmailKey(trx, claim.emailKey);
    if (people.length === 0) return "no-person" as const;
    // Two clicks at once must not both add an entry: the people are locked (PostgreSQL;
    // SQLite runs one writer at a time).
    if (engine === "postgres") {
      await trx.selectFrom("persons").select("id").where("id", "in", people).forUpdate().execute();
    }
    const ledgers = await ledgersOf(trx, people);
    const issuedAt = claim.issuedAt.toISOString();
    const isReplay = [...ledgers.values()].some((ledger) =>
      ledger.some((entry) => entry.event === "given" && entry.created_at > issuedAt),
    );
    if (isReplay) {
      await trx
        .insertInto("audit_log")
        .values(
          auditRow(
            {
              actorUserId: null,
              action: "consent.stop_link",
              target: { type: "person", id: people[0] ?? "" },
              ip,
              details: { via, outcome: "replayed", people: people.length },
            },
            now,
          ),
        )
        .execute();
      return "replayed" as const;
    }
    const toRevoke = people.filter((id) => ledgers.get(id)?.at(-1)?.event !== "revoked");
    if (toRevoke.length > 0) {
      await trx
        .insertInto("consent_ledger")
        .values(toRevoke.map((personId) => consentRow({ personId, event: "revoked", via }, now)))
        .execute();
      await suppressQueuedMail(trx, claim.emailKey);
    }
    // One audit row per person revoked; a repeat click leaves one row saying so.
    const audited = toRevoke.length > 0 ? toRevoke : people.slice(0, 1);
    const outcome = toRevoke.length > 0 ? "recorded" : "already";
    await trx
      .insertInto("audit_log")
      .values(
        audited.map((personId) =>
          auditRow(
            {
              actorUserId: null,
              action: "consent.stop_link",
              target: { type: "person", id: personId },
              ip,
              details: { via, outcome },
            },
            now,
          ),
        ),
      )
      .execute();
    return toRevoke.length > 0 ? ("recorded" as const) : ("already" as const);
  });
  if (replayed === "replayed") throw new HttpError(409, STOP_LINK_MESSAGES.replayed);
  return replayed;
}

/**
 * Holds back the optional mail still waiting for an address (status "suppressed", with the
 * reason staff see); transactional mail and staff's answers to the person's request go.
 * Returns how many were held back.
 */
export async function suppressQueuedMail(db: Kysely<Database>, emailKey: string): Promise<number> {
  const waiting = await db
    .selectFrom("mail_outbox")
    .select(["id", "kind", "to_address", "answers_request"])
    .where("status", "=", "pending")
    .execute();
  const ids = waiting
    .filter(
      (row) =>
        mailAudienceOf(row.kind, row.answers_request === 1) === "optional" &&
        personEmailKey(row.to_address) === emailKey,
    )
    .map((row) => row.id);
  if (ids.length === 0) return 0;
  await db
    .updateTable("mail_outbox")
    .set({ status: SUPPRESSED_STATUS, last_error: STOP_LINK_MESSAGES.suppressedError })
    .where("id", "in", ids)
    .where("status", "=", "pending")
    .execute();
  return ids.length;
}
