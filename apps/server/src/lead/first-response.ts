import { businessSecondsBetween } from "@agency/domain";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";
import type { LeadTable } from "./tables.ts";

/**
 * Records a lead's first response (issue 28 §3, decision 0074): called inside the
 * transaction of every staff action that counts (a note or call, a status change, an
 * email sent from the app), so the lead's first_response_at commits with that action or
 * not at all. Only the first sets it (`is null` in the update: of two racing first
 * actions one wins); the business seconds since arrival are counted in the domain.
 */
export async function markFirstResponse(
  trx: Transaction<Database>,
  table: LeadTable,
  id: string,
  now: Date,
): Promise<void> {
  const lead = await trx
    .selectFrom(table)
    .select(["created_at", "first_response_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!lead || lead.first_response_at !== null) return;
  const at = nowIso(now);
  // A clock that reads before the arrival (a fixed test clock) counts as no time at all.
  const seconds = businessSecondsBetween(new Date(lead.created_at), now);
  await trx
    .updateTable(table)
    .set({
      first_response_at: at < lead.created_at ? lead.created_at : at,
      first_response_seconds: seconds,
    })
    .where("id", "=", id)
    .where("first_response_at", "is", null)
    .execute();
}
