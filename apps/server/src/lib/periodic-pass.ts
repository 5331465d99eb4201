/** Where a periodic pass says what it did: counts only, never a person. */
export type PassLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
};

export type PeriodicPassOptions<T> = {
  /** One pass: claims what it sends in the database, so passes of several instances agree. */
  run: () => Promise<T>;
  /** How many things a pass queued (0: nothing to log, nobody to tell). */
  queuedBy: (result: T) => number;
  intervalMs: number;
  log: PassLog;
  /** The log lines' words: "<name> queued", "<name> pass failed". */
  name: string;
  /** Logged with "<name> queued" under this key (a count or the pass's counts). */
  logKey: string;
  /** Told when a pass queued mail, so the outbox can deliver it without waiting. */
  onQueued?: () => void;
};

/**
 * Runs a pass on a timer in every instance (the reminders, the morning task lists).
 * Instances need no coordination: each pass claims what it queues in the database, so a
 * pass that overlaps another instance's, or repeats after a restart, queues nothing twice.
 * Passes of one scheduler never overlap each other; a failed pass is logged by its error's
 * name only, and the next tick tries again.
 */
export function createPeriodicPass<T>(options: PeriodicPassOptions<T>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let isStopped = false;

  /** One pass now, or the one already running; throws only when the pass does. */
  function runOnce(): Promise<T> {
    running ??= options
      .run()
      .then((result) => {
        if (options.queuedBy(result) > 0) {
          options.log.info({ [options.logKey]: result }, `${options.name} queued`);
          options.onQueued?.();
        }
        return result;
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
        `${options.name} pass failed`,
      );
    });
  }

  return {
    runOnce,
    start() {
      isStopped = false;
      timer = setInterval(tick, options.intervalMs);
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
