import {
  CompiledQuery,
  type ControlledTransaction,
  type Kysely,
  type QueryResult,
  type Transaction,
} from "kysely";
import { attachPeople, type PersonLink } from "./person-matching.ts";
import type { Database, IdempotencyKeysTable } from "./schema.ts";

/** Rows for one table, in the order they must be written (parents before children). */
export type Insert = {
  [T in keyof Database]: { table: T; rows: Database[T][] };
}[keyof Database];

/**
 * A public submission as the rows it adds: the record, its mails, and the idempotency key
 * that makes it replayable. Nothing is read or updated, so submissions that arrive
 * together can be written together.
 */
export type Submission = {
  inserts: Insert[];
  /** Taken with an upsert that takes over only a key older than `keyExpiresBefore`. */
  idempotencyKey?: { row: IdempotencyKeysTable; expiresBefore: string };
  /**
   * A rule that must read inside the transaction (a per-person limit). It runs after the
   * key is taken (so a repeat replays instead of tripping it) and before the inserts; a
   * submission with a guard is written in a transaction of its own, never in a batch.
   */
  guard?: (trx: Transaction<Database>) => Promise<void>;
  /**
   * The lead rows (among `inserts`) to attach to their person (decision 0066): matched
   * after the guards, in the same transaction, and their `person_id` set before the insert.
   */
  people?: PersonLink[];
};

/** The submission's idempotency key was already taken (a repeat, or a concurrent twin). */
export class KeyTaken extends Error {
  constructor() {
    super("idempotency key already taken");
  }
}

const MAX_VALUES_PER_STATEMENT = 10_000;

type Job = { submission: Submission; resolve: () => void; reject: (error: unknown) => void };
/** A job's fate once its batch is written: stored, or refused with an error. */
type Outcome = typeof STORED | { error: unknown };
const STORED = Symbol("stored");

/**
 * Runs `write` so that its commits do not wait for the disk (db/sqlite-durable.ts):
 * `durable` settles once everything `write` committed, and everything it could have seen
 * (a key or a slot taken by an earlier batch), is durable, or rejects if that failed.
 */
export type Pipeline = <T>(
  write: () => Promise<T>,
) => Promise<{ value: T; durable: Promise<void> }>;
type Store = (submission: Submission) => Promise<void>;
const stores = new WeakMap<Kysely<Database>, Store>();

/**
 * Stores a submission and resolves once it has committed.
 *
 * Submissions that arrive together share one transaction and one multi-row INSERT per
 * table (group commit): on SQLite each commit waits for its own fsync of the WAL (run off
 * the server's thread, db/sqlite-durable.ts), and on PostgreSQL each statement is a round
 * trip, so a burst of 30 costs a handful of statements and one commit instead of 30 × 5. None is answered before the commit that
 * holds it is durable. If the shared write fails (a taken slot, a repeated key, a broken
 * row), it is rolled back, so nothing of it is stored, and each submission is written again
 * in a transaction of its own: every one succeeds or fails on its own merits.
 */
export function storeSubmission(db: Kysely<Database>, submission: Submission): Promise<void> {
  const store = stores.get(db);
  return store && !submission.guard
    ? store(submission)
    : db.transaction().execute((trx) => writeAll(trx, [submission]));
}

/**
 * Turns group commit on for a database. `maxConcurrent` batches may be open at once: one
 * on SQLite (it has one connection), a few on PostgreSQL, so the server keeps working while
 * a batch waits on the database.
 */
export function enableGroupCommit(
  db: Kysely<Database>,
  options: { maxConcurrent: number; maxBatch: number; pipeline?: Pipeline },
): void {
  const queue: Job[] = [];
  let active = 0;
  let isScheduled = false;

  const writeAlone = (job: Job): Promise<Outcome> =>
    db
      .transaction()
      .execute((trx) => writeAll(trx, [job.submission]))
      .then(
        () => STORED,
        (error: unknown) => ({ error }),
      );

  /** Writes a batch and says, per job, whether it was stored; answers nobody. */
  async function writeBatch(batch: Job[]): Promise<Outcome[]> {
    if (batch.length === 1) return [await writeAlone(batch[0] as Job)];
    let trx: ControlledTransaction<Database>;
    try {
      trx = await db.startTransaction().execute();
    } catch (error) {
      return batch.map(() => ({ error }));
    }
    try {
      await writeAll(
        trx,
        batch.map((job) => job.submission),
      );
    } catch {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      return Promise.all(batch.map(writeAlone));
    }
    try {
      await trx.commit().execute();
    } catch (error) {
      // Ends the transaction if the commit left it open (SQLite does, on a deferred
      // constraint). Not retried: a commit whose answer was lost may have happened.
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      return batch.map(() => ({ error }));
    }
    return batch.map(() => STORED);
  }

  /**
   * Resolves once the batch's writes are done. Its jobs are answered when they are durable:
   * at once without a pipeline; with one, when the pipeline says so, while the next batch
   * is already being written.
   */
  async function runBatch(batch: Job[]): Promise<void> {
    const settle = (outcomes: Outcome[], syncError?: { error: unknown }) => {
      batch.forEach((job, i) => {
        const outcome = outcomes[i] as Outcome;
        if (outcome !== STORED) job.reject(outcome.error);
        else if (syncError) job.reject(syncError.error);
        else job.resolve();
      });
    };
    if (!options.pipeline) return settle(await writeBatch(batch));
    const { value: outcomes, durable } = await options.pipeline(() => writeBatch(batch));
    void durable.then(
      () => settle(outcomes),
      (error: unknown) => settle(outcomes, { error }),
    );
  }

  function pump() {
    isScheduled = false;
    while (queue.length > 0 && active < options.maxConcurrent) {
      active += 1;
      void runBatch(queue.splice(0, options.maxBatch)).finally(() => {
        active -= 1;
        schedule();
      });
    }
  }
  // A batch starts once the requests read in this turn of the event loop have queued
  // their submissions, so those share it.
  function schedule() {
    if (isScheduled || queue.length === 0) return;
    isScheduled = true;
    setImmediate(pump);
  }

  stores.set(
    db,
    (submission) =>
      new Promise<void>((resolve, reject) => {
        queue.push({ submission, resolve, reject });
        schedule();
      }),
  );
}

const LEAD_TABLES_IN_ORDER: readonly (keyof Database)[] = [
  "auto_quotes",
  "contacts",
  "appointments",
];
const LEAD_TABLE_ORDER = (table: keyof Database): number => {
  const i = LEAD_TABLES_IN_ORDER.indexOf(table);
  return i === -1 ? LEAD_TABLES_IN_ORDER.length : i;
};

/** Takes the submissions' keys, runs their guards, then writes their rows, one INSERT per table. */
async function writeAll(trx: Transaction<Database>, submissions: Submission[]): Promise<void> {
  await takeKeys(trx, submissions);
  for (const submission of submissions) await submission.guard?.(trx);
  await attachPeople(
    trx,
    submissions.flatMap((submission) => submission.people ?? []),
  );
  const byTable = new Map<keyof Database, unknown[]>();
  for (const submission of submissions) {
    for (const insert of submission.inserts) {
      const rows = byTable.get(insert.table) ?? [];
      rows.push(...insert.rows);
      byTable.set(insert.table, rows);
    }
  }
  // Lead tables first, always in this order: each insert bumps its table's hourly tally row
  // (decision 0032), and two instances' batches taking those row locks in opposite orders
  // could deadlock on PostgreSQL. The rest keep their order (parents before children).
  const order = [...byTable].sort(([a], [b]) => LEAD_TABLE_ORDER(a) - LEAD_TABLE_ORDER(b));
  for (const [table, rows] of order) {
    if (rows.length === 0) continue;
    // At most ~10,000 bound values per statement, well inside both databases' limits
    // (SQLite 32,766; PostgreSQL 65,535) whatever a batch holds (100 quotes × 20 drivers).
    const columns = Object.keys(rows[0] as object).length;
    const perStatement = Math.max(1, Math.floor(MAX_VALUES_PER_STATEMENT / columns));
    for (let start = 0; start < rows.length; start += perStatement) {
      const part = rows.slice(start, start + perStatement) as Record<string, unknown>[];
      await runShaped(trx, `insert ${table}`, part, [], () =>
        // Each table's rows were typed for that table by `Insert`.
        trx
          .insertInto(table)
          .values(part as never[])
          .compile(),
      );
    }
  }
}

async function takeKeys(trx: Transaction<Database>, submissions: Submission[]): Promise<void> {
  const keys = submissions.flatMap((s) => (s.idempotencyKey ? [s.idempotencyKey] : []));
  if (keys.length === 0) return;
  // Every key in one statement; a key is taken over only if it is older than the window.
  // All keys of one batch share the same cut-off (they were made in the same instant or so);
  // the earliest is used, so a key is never taken over before its window has passed.
  const expiresBefore = keys.map((k) => k.expiresBefore).sort()[0] as string;
  const rows = keys.map((k) => k.row);
  const taken = await runShaped(trx, "take keys", rows, [expiresBefore], () =>
    trx
      .insertInto("idempotency_keys")
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(["route", "key"])
          .doUpdateSet((eb) => ({
            request_hash: eb.ref("excluded.request_hash"),
            status_code: eb.ref("excluded.status_code"),
            response_body: eb.ref("excluded.response_body"),
            created_at: eb.ref("excluded.created_at"),
          }))
          .where("idempotency_keys.created_at", "<", expiresBefore),
      )
      .returning("key")
      .compile(),
  );
  if (taken.rows.length !== keys.length) throw new KeyTaken();
}

/**
 * The SQL of a batch's statements by shape (statement, columns, number of rows), per
 * database dialect. Kysely builds and compiles a query afresh each time, and for a batch of
 * multi-row INSERTs that cost about as much as running them (and much of the garbage a
 * submission leaves); a batch's statements differ only in their values, so each shape is
 * compiled once and its text reused with the batch's values.
 */
const shapes = new WeakMap<object, Map<string, string>>();
const MAX_SHAPES = 1000;

/**
 * Runs a statement whose parameters are the rows' values, row by row in column order, then
 * `extra`. The first time a shape is met its query is compiled by Kysely (`compile`) and its
 * text kept only if Kysely's parameters are exactly those: any row or value it would render
 * otherwise (a missing column, an expression), and any query a plugin sees, is compiled
 * afresh every time.
 */
async function runShaped<R>(
  trx: Transaction<Database>,
  statement: string,
  rows: readonly Record<string, unknown>[],
  extra: readonly unknown[],
  compile: () => CompiledQuery<R>,
): Promise<QueryResult<R>> {
  const columns = Object.keys(rows[0] ?? {});
  const parameters: unknown[] = [];
  let isPlain = true;
  for (const row of rows) {
    const keys = Object.keys(row);
    if (keys.length !== columns.length) isPlain = false;
    for (let i = 0; i < columns.length; i++) {
      const value = row[columns[i] as string];
      if (keys[i] !== columns[i] || value === undefined || isComplex(value)) isPlain = false;
      parameters.push(value);
    }
  }
  parameters.push(...extra);
  const executor = trx.getExecutor();
  // A plugin may rewrite each query as it is compiled: never reuse text past one.
  if (!isPlain || executor.plugins.length > 0) return trx.executeQuery(compile());
  // The dialect's adapter is shared by every transaction of one database.
  const dialect = executor.adapter;
  let cache = shapes.get(dialect);
  if (!cache) {
    cache = new Map();
    shapes.set(dialect, cache);
  }
  const shape = `${statement}|${columns.join(",")}|${rows.length}`;
  const text = cache.get(shape);
  if (text !== undefined)
    return trx.executeQuery(CompiledQuery.raw(text, parameters) as CompiledQuery<R>);
  const compiled = compile();
  if (sameValues(compiled.parameters, parameters)) {
    if (cache.size >= MAX_SHAPES) cache.delete(cache.keys().next().value as string);
    cache.set(shape, compiled.sql);
  }
  return trx.executeQuery(compiled);
}

const isComplex = (value: unknown): boolean =>
  typeof value === "object" && value !== null && !(value instanceof Uint8Array);

function sameValues(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}
