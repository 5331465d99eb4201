import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { createPeriodicPass, type PassLog } from "../lib/periodic-pass.ts";
import { runRenewalPass } from "./renewals.ts";

/** Renewal tasks are a day's work, not a minute's: a pass every five minutes is plenty. */
export const RENEWAL_PASS_INTERVAL_MS = 5 * 60_000;

export type RenewalSchedulerOptions = {
  db: Kysely<Database>;
  now?: () => Date;
  log: PassLog;
  intervalMs?: number;
};

/**
 * Runs the renewal pass (renewals.ts: expired terms, renewal tasks) on a timer in every
 * instance (lib/periodic-pass.ts); the database's keys keep it to one task per term.
 */
export function createRenewalScheduler(options: RenewalSchedulerOptions) {
  const now = options.now ?? (() => new Date());
  return createPeriodicPass({
    run: () => runRenewalPass(options.db, now()),
    queuedBy: (result) => result.expired + result.tasks,
    intervalMs: options.intervalMs ?? RENEWAL_PASS_INTERVAL_MS,
    log: options.log,
    name: "renewal",
    logKey: "renewals",
  });
}

export type RenewalScheduler = ReturnType<typeof createRenewalScheduler>;
