import { MAX_AGENTS_PER_SLOT } from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import type { Actor } from "./closures.ts";
import {
  AGENTS_PER_SLOT_KEY,
  readAgentsPerSlot,
  readAgentsPerSlotUpdatedAt,
  writeAgentsPerSlot,
} from "./repository.ts";

/** Settings' scheduling capacity: agents per slot, its ceiling and when it last changed. */
export async function readSchedulingSettings(db: Kysely<Database>) {
  const [agentsPerSlot, updatedAt] = await Promise.all([
    readAgentsPerSlot(db),
    readAgentsPerSlotUpdatedAt(db),
  ]);
  return { agentsPerSlot, maxAgentsPerSlot: MAX_AGENTS_PER_SLOT, updatedAt };
}

/**
 * Sets the agents per slot (decision 0034) and audits the change from what it was, in one
 * transaction; it bites on the next booking or availability request (nothing is cached).
 */
export async function updateAgentsPerSlot(db: Kysely<Database>, to: number, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const from = await readAgentsPerSlot(trx);
    await writeAgentsPerSlot(trx, to, actor.actorUserId, actor.now);
    await writeAudit(trx, {
      actorUserId: actor.actorUserId,
      action: "settings.updated",
      target: { type: "setting", id: AGENTS_PER_SLOT_KEY },
      ip: actor.ip,
      details: { agentsPerSlot: { from, to } },
    });
    return readSchedulingSettings(trx);
  });
}
