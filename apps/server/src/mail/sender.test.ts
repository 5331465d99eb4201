import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTransport } from "nodemailer";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { queueMail } from "./outbox.ts";
import { createMailSender, MAX_ATTEMPTS, recipientOf, retryDelayMs } from "./sender.ts";

const silentLog = { info: () => {}, warn: () => {} };

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer(port = 0) {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testEngines())("the mail outbox on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dir = mkdtempSync(path.join(tmpdir(), "agency-outbox-"));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const statusOf = async (id: string) =>
    database.handle.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("writes .eml files to the outbox folder when no SMTP server is configured", async () => {
    const outboxDir = path.join(dir, "eml");
    const id = await queueMail(database.handle.db, {
      kind: "test.file",
      to: "visitor@example.com",
      subject: "Your appointment",
      text: "See you soon.",
      attachments: [
        { filename: "invite.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR" },
      ],
    });
    const sender = createMailSender({
      db: database.handle.db,
      smtpUrl: undefined,
      outboxDir,
      from: "agency@example.com",
      log: silentLog,
    });
    expect(await sender.deliverDue()).toBeGreaterThanOrEqual(1);
    await sender.stop();
    const files = readdirSync(outboxDir).filter((f) => f.includes(id));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(outboxDir, files[0] as string), "utf8");
    expect(eml).toContain("To: visitor@example.com");
    expect(eml).toContain("Subject: Your appointment");
    expect(eml).toContain("invite.ics");
    expect((await statusOf(id)).status).toBe("sent");
  });

  /** Every way a mail library reads a list of recipients from one string. */
  const RECIPIENT_LISTS = [
    "list1@example.com, list2@example.com",
    "list1@example.com;list2@example.com",
    "Eve <list1@example.com>, list2@example.com",
    "list1@example.com list2@example.com",
    "undisclosed:list1@example.com,list2@example.com;",
    "list1@example.com\r\nBcc: list2@example.com",
  ];

  it("never sends to a recipient that is not one mailbox, even if validation were bypassed", async () => {
    const smtp = await startSmtpServer();
    const ids = await Promise.all(
      RECIPIENT_LISTS.map((to) =>
        queueMail(database.handle.db, { kind: "test.list", to, subject: "Hi", text: "Spam" }),
      ),
    );
    const sender = createMailSender({
      db: database.handle.db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outboxDir: dir,
      from: "agency@example.com",
      log: silentLog,
    });
    await sender.deliverDue();
    await sender.stop();
    await smtp.close();
    expect(smtp.received.flatMap((mail) => mail.to).filter((to) => to.includes("list"))).toEqual(
      [],
    );
    for (const id of ids) {
      // Failed at once for an operator to see, never retried.
      expect(await statusOf(id)).toMatchObject({ status: "failed", attempts: 1 });
    }
  });

  it("hands nodemailer one address object, which it never splits into two recipients", async () => {
    const smtp = await startSmtpServer();
    const transport = createTransport({ host: "127.0.0.1", port: smtp.port, ignoreTLS: true });
    for (const list of RECIPIENT_LISTS) {
      expect(() => recipientOf(list)).toThrow();
      // Below the guard: the same object shape with a list inside still yields at most one
      // recipient, because nodemailer does not parse an object's address as a list.
      await transport
        .sendMail({ from: "agency@example.com", to: { name: "", address: list }, text: "x" })
        .catch(() => undefined);
    }
    transport.close();
    await smtp.close();
    for (const mail of smtp.received) expect(mail.to.length).toBeLessThanOrEqual(1);
    // The danger is real: the same list given as a string becomes two recipients.
    const stream = createTransport({ streamTransport: true });
    const asString = await stream.sendMail({
      from: "a@example.com",
      to: RECIPIENT_LISTS[0],
      text: "x",
    });
    const asObject = await stream.sendMail({
      from: "a@example.com",
      to: { name: "", address: RECIPIENT_LISTS[0] as string },
      text: "x",
    });
    expect(asString.envelope.to).toHaveLength(2);
    expect(asObject.envelope.to).toHaveLength(1);
    expect(recipientOf("maria.ali@example.com")).toEqual({
      name: "",
      address: "maria.ali@example.com",
    });
  });

  it("drains a backlog larger than one batch without waiting for the next poll", async () => {
    const smtp = await startSmtpServer();
    const ids = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        queueMail(database.handle.db, {
          kind: "test.backlog",
          to: `backlog${i}@example.com`,
          subject: "Backlog",
          text: "One of many.",
        }),
      ),
    );
    const sender = createMailSender({
      db: database.handle.db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      outboxDir: dir,
      from: "agency@example.com",
      log: silentLog,
      // No poll during the test: only the follow-up passes can send the rest.
      pollIntervalMs: 60_000,
    });
    await sender.deliverDue();
    const deadline = Date.now() + 10_000;
    const isSent = async () => {
      const rows = await database.handle.db
        .selectFrom("mail_outbox")
        .select("status")
        .where("id", "in", ids)
        .execute();
      return rows.every((row) => row.status === "sent");
    };
    while (!(await isSent()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await sender.stop();
    await smtp.close();
    expect(await isSent()).toBe(true);
  });

  it("sends every message once when two instances share the outbox", async () => {
    const smtp = await startSmtpServer();
    const ids = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        queueMail(database.handle.db, {
          kind: "test.shared",
          to: `shared${i}@example.com`,
          subject: "Shared",
          text: "One of fifteen.",
        }),
      ),
    );
    const senders = [1, 2].map(() =>
      createMailSender({
        db: database.handle.db,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        outboxDir: dir,
        from: "agency@example.com",
        log: silentLog,
      }),
    );
    const [a, b] = await Promise.all(senders.map((sender) => sender.deliverDue()));
    await Promise.all(senders.map((sender) => sender.stop()));
    await smtp.close();
    expect((a ?? 0) + (b ?? 0)).toBe(15);
    const addresses = smtp.received
      .flatMap((mail) => mail.to)
      .filter((to) => to.startsWith("shared"));
    expect(addresses.sort()).toEqual(ids.map((_, i) => `shared${i}@example.com`).sort());
    for (const id of ids) {
      const row = await statusOf(id);
      expect(row).toMatchObject({ status: "sent", attempts: 1 });
    }
  });

  it("delivers through SMTP, and retries with backoff after the server was down", async () => {
    const smtp = await startSmtpServer();
    const port = smtp.port;
    await smtp.close();
    let clock = new Date("2030-01-01T12:00:00Z");
    const id = await queueMail(
      database.handle.db,
      { kind: "test.smtp", to: "agent@example.com", subject: "New quote", text: "Details inside" },
      clock,
    );
    const sender = createMailSender({
      db: database.handle.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      outboxDir: path.join(dir, "unused"),
      from: "agency@example.com",
      log: silentLog,
      now: () => clock,
    });
    await sender.deliverDue();
    const failed = await statusOf(id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.last_error).toBeTruthy();
    expect(failed.next_attempt_at).toBe(new Date(clock.getTime() + retryDelayMs(1)).toISOString());

    // Not due yet: nothing is attempted.
    await sender.deliverDue();
    expect((await statusOf(id)).attempts).toBe(1);

    const server = await startSmtpServer(port);
    clock = new Date(clock.getTime() + retryDelayMs(1) + 1000);
    await sender.deliverDue();
    await sender.stop();
    await server.close();
    expect((await statusOf(id)).status).toBe("sent");
    const message = server.received.find((m) => m.raw.includes("New quote"));
    expect(message?.to).toEqual(["agent@example.com"]);
  });

  it("gives up after the last attempt and marks the row failed", async () => {
    let clock = new Date("2031-01-01T00:00:00Z");
    const id = await queueMail(
      database.handle.db,
      { kind: "test.dead", to: "nobody@example.com", subject: "x", text: "y" },
      clock,
    );
    const sender = createMailSender({
      db: database.handle.db,
      smtpUrl: "smtp://127.0.0.1:1",
      outboxDir: dir,
      from: "agency@example.com",
      log: silentLog,
      now: () => clock,
    });
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      await sender.deliverDue();
      clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
    }
    await sender.stop();
    expect(await statusOf(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
