import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type ReminderPass, runReminderPass } from "./service.ts";

/** Reminders are due to the minute; a pass that finds nothing is two small reads. */
export const REMINDER_INTERVAL_MS = 60_000;

export type ReminderSchedulerOptions = {
  db: Kysely<Database>;
  /** Where the agency's list goes (AGENCY_NOTIFY_EMAIL, else the agency's email). */
  notifyEmail: string | undefined;
  /** What "now" is (tests freeze it; the server uses the real time). */
  now?: () => Date;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  intervalMs?: number;
  /** Told when a pass queued mail, so the outbox can deliver it without waiting. */
  onQueued?: () => void;
};

/**
 * Runs the reminder checks (service.ts) on a timer in every instance. Instances need no
 * coordination: each message is claimed in the database, so a pass that overlaps another
 * instance's, or repeats after a restart, queues nothing twice. Passes of one scheduler
 * never overlap each other.
 */
export function createReminderScheduler(options: ReminderSchedulerOptions) {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ReminderPass> | undefined;
  let isStopped = false;

  /** One pass now, or the one already running; throws only when the database does. */
  function runOnce(): Promise<ReminderPass> {
    running ??= runReminderPass(options.db, { now: now(), notifyEmail: options.notifyEmail })
      .then((pass) => {
        if (pass.reminders + pass.dayLists > 0) {
          options.log.info({ reminders: pass }, "reminders queued");
          options.onQueued?.();
        }
        return pass;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function tick(): void {
    if (isStopped) return;
    runOnce().catch((error: unknown) => {
      // The next tick tries again: nothing was claimed without its mail.
      options.log.warn(
        { error: error instanceof Error ? error.name : "unknown" },
        "reminder pass failed",
      );
    });
  }

  return {
    runOnce,
    start() {
      isStopped = false;
      timer = setInterval(tick, options.intervalMs ?? REMINDER_INTERVAL_MS);
      timer.unref();
      tick();
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type ReminderScheduler = ReturnType<typeof createReminderScheduler>;
