import type { OpeningHours } from "@agency/domain";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { createPeriodicPass, type PassLog } from "../lib/periodic-pass.ts";
import { queueTaskDayLists } from "./day-lists.ts";

/** A list is due to the minute of the office's opening; a pass that finds nothing is two reads. */
export const TASK_LIST_INTERVAL_MS = 60_000;

export type TaskListSchedulerOptions = {
  db: Kysely<Database>;
  /** The dashboard's address, for the links in each list. */
  siteUrl: string;
  now?: () => Date;
  openingHours?: readonly OpeningHours[];
  log: PassLog;
  intervalMs?: number;
  onQueued?: () => void;
};

/** Runs the morning lists (day-lists.ts) on a timer in every instance (lib/periodic-pass.ts). */
export function createTaskListScheduler(options: TaskListSchedulerOptions) {
  const now = options.now ?? (() => new Date());
  return createPeriodicPass({
    run: () =>
      queueTaskDayLists(options.db, {
        now: now(),
        siteUrl: options.siteUrl,
        ...(options.openingHours ? { openingHours: options.openingHours } : {}),
      }),
    queuedBy: (queued) => queued,
    intervalMs: options.intervalMs ?? TASK_LIST_INTERVAL_MS,
    log: options.log,
    name: "task list",
    logKey: "taskLists",
    ...(options.onQueued ? { onQueued: options.onQueued } : {}),
  });
}

export type TaskListScheduler = ReturnType<typeof createTaskListScheduler>;
