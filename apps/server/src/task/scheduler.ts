import type { OpeningHours } from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { queueTaskDayLists } from "./day-lists.ts";

/** A list is due to the minute of the office's opening; a pass that finds nothing is two reads. */
export const TASK_LIST_INTERVAL_MS = 60_000;

export type TaskListSchedulerOptions = {
  db: Kysely<Database>;
  /** The dashboard's address, for the links in each list. */
  siteUrl: string;
  now?: () => Date;
  openingHours?: readonly OpeningHours[];
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  intervalMs?: number;
  onQueued?: () => void;
};

/**
 * Runs the morning lists (day-lists.ts) on a timer in every instance, as the reminders do
 * (reminders/scheduler.ts): each list is claimed in the database, so overlapping passes of
 * several instances, or a restart, queue nothing twice. Logs counts only, never a person.
 */
export function createTaskListScheduler(options: TaskListSchedulerOptions) {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let isStopped = false;

  function runOnce(): Promise<number> {
    running ??= queueTaskDayLists(options.db, {
      now: now(),
      siteUrl: options.siteUrl,
      ...(options.openingHours ? { openingHours: options.openingHours } : {}),
    })
      .then((queued) => {
        if (queued > 0) {
          options.log.info({ taskLists: queued }, "task lists queued");
          options.onQueued?.();
        }
        return queued;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function tick(): void {
    if (isStopped) return;
    runOnce().catch((error: unknown) => {
      options.log.warn(
        { error: error instanceof Error ? error.name : "unknown" },
        "task list pass failed",
      );
    });
  }

  return {
    runOnce,
    start() {
      isStopped = false;
      timer = setInterval(tick, options.intervalMs ?? TASK_LIST_INTERVAL_MS);
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

export type TaskListScheduler = ReturnType<typeof createTaskListScheduler>;
