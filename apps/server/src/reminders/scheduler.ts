import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { createPeriodicPass, type PassLog } from "../lib/periodic-pass.ts";
import { type ReminderPass, runReminderPass } from "./service.ts";

/** Reminders are due to the minute; a pass that finds nothing is two small reads. */
export const REMINDER_INTERVAL_MS = 60_000;

export type ReminderSchedulerOptions = {
  db: Kysely<Database>;
  /** Where the agency's list goes (AGENCY_NOTIFY_EMAIL, else the agency's email). */
  notifyEmail: string | undefined;
  /** What "now" is (tests freeze it; the server uses the real time). */
  now?: () => Date;
  log: PassLog;
  intervalMs?: number;
  /** Told when a pass queued mail, so the outbox can deliver it without waiting. */
  onQueued?: () => void;
};

/** Runs the reminder checks (service.ts) on a timer in every instance (lib/periodic-pass.ts). */
export function createReminderScheduler(options: ReminderSchedulerOptions) {
  const now = options.now ?? (() => new Date());
  return createPeriodicPass({
    run: () => runReminderPass(options.db, { now: now(), notifyEmail: options.notifyEmail }),
    queuedBy: (pass: ReminderPass) => pass.reminders + pass.dayLists,
    intervalMs: options.intervalMs ?? REMINDER_INTERVAL_MS,
    log: options.log,
    name: "reminder",
    logKey: "reminders",
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  });
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
