/**
 * Work that runs after the response has gone, so how long it takes tells a caller nothing
 * (forgot-password answers known and unknown emails alike). Failures are logged without
 * their message, which may quote the values of the statement that failed.
 */
export function createBackgroundTasks(
  log: { warn: (obj: object, msg: string) => void },
  options: { hold?: boolean } = {},
) {
  const running = new Set<Promise<void>>();
  let held: (() => void)[] = [];

  return {
    run(name: string, task: () => Promise<void>): void {
      let start = () => {};
      const started = new Promise<void>((resolve) => {
        start = resolve;
      });
      const done: Promise<void> = started
        .then(task)
        .catch((error: unknown) => {
          log.warn(
            { task: name, error: error instanceof Error ? error.name : "unknown" },
            "background task failed",
          );
        })
        .finally(() => running.delete(done));
      running.add(done);
      if (options.hold) held.push(start);
      else start();
    },
    /** Tasks waiting to start (only when held, in tests that check nothing ran yet). */
    get held(): number {
      return held.length;
    },
    /** Starts held tasks and waits until every task has finished. */
    async idle(): Promise<void> {
      while (running.size > 0 || held.length > 0) {
        const starting = held;
        held = [];
        for (const start of starting) start();
        await Promise.allSettled([...running]);
      }
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
