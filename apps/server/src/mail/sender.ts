import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { isSingleMailbox } from "@agency/domain";
import type { Kysely } from "kysely";
import { createTransport } from "nodemailer";
import type { Database, MailOutboxTable } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";
import type { MailAttachment } from "./outbox.ts";
import {
  emlFileName,
  REDACTED_BODY,
  removeExpiredSecretFiles,
  scrubExpiredSecrets,
} from "./secrets.ts";

export const MAX_ATTEMPTS = 10;
const BATCH_SIZE = 50;
/** A pass this long after a submission, so a burst of them shares one. */
const SOON_MS = 200;
/**
 * Visitors come first. While submissions keep arriving (one within BUSY_WINDOW_MS), the
 * sender makes at most one pass per BUSY_PASS_INTERVAL_MS (BATCH_SIZE messages): each pass
 * is two durable writes and the building of every message on the server's one thread, which
 * would otherwise be taken from the submissions it follows (docs/performance.md). Once they
 * stop, passes follow each other at once until the outbox is drained.
 */
const BUSY_WINDOW_MS = 500;
const BUSY_PASS_INTERVAL_MS = 1000;
/** A row left in "sending" this long belongs to an instance that died mid-send. */
const STALE_SENDING_MS = 10 * 60 * 1000;
/** How often expired one-time links are blanked in the outbox and removed from its folder. */
const SECRET_SWEEP_MS = 60 * 1000;

export type MailSenderOptions = {
  db: Kysely<Database>;
  /** `smtp://…`; without it messages are written as .eml files to `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
  from: string;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  pollIntervalMs?: number;
  now?: () => Date;
  /**
   * Puts the "stop contacting me" link in every message to a person and holds back optional
   * ones after a revocation (decision 0081; consent/stop-mail.ts). Without it (some unit
   * tests), messages go as stored.
   */
  stopLinks?: StopLinkPolicy;
};

/** How messages to people leave (decision 0081), given by the app from consent/. */
export type StopLinkPolicy = {
  /** The text, HTML and extra headers a message leaves with. */
  decorate: (
    row: MailOutboxTable,
    now: Date,
  ) => { text: string; html: string | null; headers: Record<string, string> };
  /** Marks the rows that must not go as "suppressed" and returns their ids. */
  hold: (db: Kysely<Database>, rows: readonly MailOutboxTable[]) => Promise<Set<string>>;
};

/** A recipient that is not exactly one mailbox: never sent, never retried. */
export class InvalidRecipientError extends Error {
  constructor() {
    super("recipient is not exactly one mailbox");
  }
}

/**
 * One recipient as nodemailer's address object. Given a string, nodemailer parses it as
 * an address list ("a@x.com, b@y.com" is two recipients); given `{ name, address }` it
 * takes the address as one mailbox. Validation already allows only one mailbox per email
 * field; this keeps a bypass of it (an old row, a future caller) from fanning out.
 */
export function recipientOf(address: string): { name: string; address: string } {
  if (!isSingleMailbox(address)) throw new InvalidRecipientError();
  return { name: "", address };
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

/**
 * Delivers the outbox in the background. A failed delivery never reaches the visitor: the
 * row is retried with backoff and, after MAX_ATTEMPTS, marked failed for an operator.
 * Rows are claimed with a conditional update, so several instances can share one outbox.
 */
export function createMailSender(options: MailSenderOptions) {
  const { db, log } = options;
  const now = options.now ?? (() => new Date());
  // Pooled SMTP connections: a burst of submissions reuses a few connections instead of
  // opening one per message.
  const transport = options.smtpUrl
    ? createTransport(withPool(options.smtpUrl))
    : createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let timer: NodeJS.Timeout | undefined;
  let pacedTimer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let lastSubmissionAt = Number.NEGATIVE_INFINITY;
  let lastPassAt = Number.NEGATIVE_INFINITY;
  let isStopped = false;
  let hasMoreDue = false;
  let lastSecretSweep = 0;

  async function send(row: MailOutboxTable): Promise<void> {
    const attachments = JSON.parse(row.attachments) as MailAttachment[];
    const body = options.stopLinks
      ? options.stopLinks.decorate(row, now())
      : { text: row.text_body, html: row.html_body, headers: {} };
    const info = await transport.sendMail({
      from: options.from,
      to: recipientOf(row.to_address),
      // A staff member's own address (decision 0068): one mailbox, never a list.
      ...(row.reply_to ? { replyTo: recipientOf(row.reply_to) } : {}),
      subject: row.subject,
      text: body.text,
      ...(body.html ? { html: body.html } : {}),
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content,
      })),
      headers: { "X-Outbox-Id": row.id, ...body.headers },
    });
    if (!options.smtpUrl) {
      // Only the server's user may read the folder: it holds one-time links until they expire.
      await mkdir(options.outboxDir, { recursive: true, mode: 0o700 });
      // Written on libuv's pool, not the server's thread (which answers visitors meanwhile).
      const message = (info as { message: Buffer }).message;
      await writeFile(path.join(options.outboxDir, emlFileName(row)), message, { mode: 0o600 });
    }
  }

  /**
   * Sends the claimed rows side by side (over the pooled connections, or into the folder).
   * Into the folder while submissions keep arriving, one at a time with a turn of the event
   * loop between them: each message is built and handed over in one go there (over SMTP it
   * streams, waiting on the network between chunks), so fifty at once held the visitors'
   * requests for all fifty.
   */
  async function sendAll(rows: MailOutboxTable[]): Promise<PromiseSettledResult<void>[]> {
    if (options.smtpUrl || Date.now() - lastSubmissionAt >= BUSY_WINDOW_MS) {
      return Promise.allSettled(rows.map((row) => send(row)));
    }
    const results: PromiseSettledResult<void>[] = [];
    for (const row of rows) {
      await nextTurn();
      results.push(
        await send(row).then(
          (value) => ({ status: "fulfilled" as const, value }),
          (reason: unknown) => ({ status: "rejected" as const, reason }),
        ),
      );
    }
    return results;
  }

  async function deliverDue(): Promise<number> {
    const current = now();
    // Expired one-time links: at most once a minute, not on every pass (a pass runs up to
    // once a second during a burst, and a link's expiry needs no finer grain).
    if (current.getTime() - lastSecretSweep >= SECRET_SWEEP_MS) {
      lastSecretSweep = current.getTime();
      await scrubExpiredSecrets(db, current);
      if (!options.smtpUrl) removeExpiredSecretFiles(options.outboxDir, current);
    }
    await db
      .updateTable("mail_outbox")
      .set({ status: "pending" })
      .where("status", "=", "sending")
      .where("next_attempt_at", "<", nowIso(new Date(current.getTime() - STALE_SENDING_MS)))
      .execute();
    const waiting = await db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("status", "=", "pending")
      .where("next_attempt_at", "<=", nowIso(current))
      .orderBy("next_attempt_at")
      .limit(BATCH_SIZE)
      .execute();
    // A full batch means more may be waiting: the next pass follows at once (kick) instead
    // of on the next poll, so a burst drains at the SMTP server's pace, not 20 per tick.
    hasMoreDue = waiting.length === BATCH_SIZE;
    // Honoured at once (decision 0081): optional mail to someone who asked not to be
    // contacted is held back, whenever it was queued.
    const held = options.stopLinks ? await options.stopLinks.hold(db, waiting) : new Set<string>();
    const due = waiting.filter((row) => !held.has(row.id));
    if (due.length === 0) return 0;
    // Claimed with one conditional update: a row another instance took first is not
    // returned, so it is not sent twice.
    const claimed = await db
      .updateTable("mail_outbox")
      .set({ status: "sending", next_attempt_at: nowIso(now()) })
      .where(
        "id",
        "in",
        due.map((row) => row.id),
      )
      .where("status", "=", "pending")
      .returningAll()
      .execute();
    const results = await sendAll(claimed);
    const sent = claimed.filter((_, i) => results[i]?.status === "fulfilled");
    if (sent.length > 0) {
      await db
        .updateTable("mail_outbox")
        .set((eb) => ({
          status: "sent",
          sent_at: nowIso(now()),
          attempts: eb("attempts", "+", 1),
          last_error: null,
          // Sent: a one-time link in the body has done its job here and is not kept.
          text_body: eb
            .case()
            .when("secret_expires_at", "is not", null)
            .then(REDACTED_BODY)
            .else(eb.ref("text_body"))
            .end(),
          html_body: eb
            .case()
            .when("secret_expires_at", "is not", null)
            .then(null)
            .else(eb.ref("html_body"))
            .end(),
        }))
        .where(
          "id",
          "in",
          sent.map((row) => row.id),
        )
        .execute();
      for (const row of sent) log.info({ mailId: row.id, kind: row.kind }, "mail delivered");
    }
    for (const [i, row] of claimed.entries()) {
      const result = results[i];
      if (result?.status !== "rejected") continue;
      const error: unknown = result.reason;
      const attempts = row.attempts + 1;
      const isFinal =
        attempts >= Math.min(row.max_attempts ?? MAX_ATTEMPTS, MAX_ATTEMPTS) ||
        error instanceof InvalidRecipientError;
      await db
        .updateTable("mail_outbox")
        .set({
          status: isFinal ? "failed" : "pending",
          attempts,
          next_attempt_at: nowIso(new Date(now().getTime() + retryDelayMs(attempts))),
          last_error: String(error instanceof Error ? error.message : error).slice(0, 500),
        })
        .where("id", "=", row.id)
        .execute();
      // Only ids and the kind: addresses and contents stay out of the logs.
      log.warn({ mailId: row.id, kind: row.kind, attempts, isFinal }, "mail delivery failed");
    }
    return sent.length;
  }

  /** Runs one delivery pass unless one is already running; never throws. */
  function kick(): Promise<number> {
    if (isStopped) return Promise.resolve(0);
    if (!running) lastPassAt = Date.now();
    running ??= deliverDue()
      .catch((error: unknown) => {
        log.warn({ err: error }, "mail outbox pass failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (hasMoreDue && !isStopped) {
          hasMoreDue = false;
          setImmediate(() => kickPaced());
        }
      });
    return running;
  }

  /** A pass now, or (at least `minDelayMs` later) when the pace of a busy time allows. */
  function kickPaced(minDelayMs = 0): void {
    if (isStopped || pacedTimer) return;
    const current = Date.now();
    const isBusy = current - lastSubmissionAt < BUSY_WINDOW_MS;
    const wait = Math.max(minDelayMs, isBusy ? lastPassAt + BUSY_PASS_INTERVAL_MS - current : 0);
    if (wait <= 0) {
      void kick();
      return;
    }
    pacedTimer = setTimeout(() => {
      pacedTimer = undefined;
      kickPaced();
    }, wait);
    pacedTimer.unref();
  }

  return {
    deliverDue: kick,
    /**
     * Asks for a delivery pass shortly: called after each submission, so a burst of them
     * shares one pass instead of each starting its own.
     */
    deliverSoon() {
      lastSubmissionAt = Date.now();
      kickPaced(SOON_MS);
    },
    start() {
      isStopped = false;
      timer = setInterval(() => kickPaced(), options.pollIntervalMs ?? 2000);
      timer.unref();
      void kick();
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      if (pacedTimer) clearTimeout(pacedTimer);
      await running;
      transport.close();
    },
  };
}

export type MailSender = ReturnType<typeof createMailSender>;

function withPool(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  return url.toString();
}
