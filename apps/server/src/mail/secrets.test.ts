import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { linkTokenFromMail } from "../test/mail.ts";
import { upsertUser } from "../user/service.ts";
import { queueMail } from "./outbox.ts";
import { REDACTED_BODY } from "./secrets.ts";
import { createMailSender } from "./sender.ts";

const silentLog = { info: () => {}, warn: () => {} };
const LINK = "https://agency.example/reset-password?token=secret-link-token-0123456789abcdef";

describe.each(testEngines())("one-time links at rest on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dir = mkdtempSync(path.join(tmpdir(), "agency-secrets-"));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const rowOf = (id: string) =>
    database.handle.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  const senderAt = (outboxDir: string, at: Date) =>
    createMailSender({
      db: database.handle.db,
      smtpUrl: undefined,
      outboxDir,
      from: "agency@example.com",
      log: silentLog,
      now: () => at,
    });

  it("blanks the stored body of a sent mail with a link, keeps other mail, and writes a private .eml", async () => {
    const outboxDir = path.join(dir, "sent");
    const t0 = new Date();
    const secret = await queueMail(
      database.handle.db,
      {
        kind: "password.reset",
        to: "owner@example.com",
        subject: "Reset",
        text: `Open ${LINK}`,
        secretExpiresAt: new Date(t0.getTime() + 30 * 60_000),
      },
      t0,
    );
    const plain = await queueMail(
      database.handle.db,
      { kind: "contact.visitor", to: "v@example.com", subject: "Thanks", text: "We got it." },
      t0,
    );
    const sender = senderAt(outboxDir, t0);
    await sender.deliverDue();
    await sender.stop();
    expect(await rowOf(secret)).toMatchObject({ status: "sent", text_body: REDACTED_BODY });
    expect(await rowOf(plain)).toMatchObject({ status: "sent", text_body: "We got it." });
    const eml = readdirSync(outboxDir).find((name) => name.includes(secret)) ?? "";
    // The folder is the delivery without SMTP: the link stays there until it expires, private.
    expect(readFileSync(path.join(outboxDir, eml), "utf8")).toContain("secret-link-token");
    expect(statSync(path.join(outboxDir, eml)).mode & 0o077).toBe(0);
    expect(statSync(outboxDir).mode & 0o077).toBe(0);
  });

  it("deletes the .eml copy and blanks an undelivered row once the link has expired", async () => {
    const outboxDir = path.join(dir, "expiry");
    const t0 = new Date();
    const expiresAt = new Date(t0.getTime() + 30 * 60_000);
    const sent = await queueMail(
      database.handle.db,
      {
        kind: "user.invite",
        to: "a@example.com",
        subject: "Hi",
        text: LINK,
        secretExpiresAt: expiresAt,
      },
      t0,
    );
    const failed = await queueMail(
      database.handle.db,
      {
        kind: "user.invite",
        to: "b@example.com",
        subject: "Hi",
        text: LINK,
        secretExpiresAt: expiresAt,
      },
      t0,
    );
    await database.handle.db
      .updateTable("mail_outbox")
      .set({ status: "failed" })
      .where("id", "=", failed)
      .execute();
    const before = senderAt(outboxDir, t0);
    await before.deliverDue();
    await before.stop();
    expect(readdirSync(outboxDir).some((name) => name.includes(sent))).toBe(true);
    expect((await rowOf(failed)).text_body).toContain("secret-link-token");

    const after = senderAt(outboxDir, new Date(expiresAt.getTime() + 1000));
    await after.deliverDue();
    await after.stop();
    expect(readdirSync(outboxDir).some((name) => name.includes(sent))).toBe(false);
    expect(await rowOf(failed)).toMatchObject({
      text_body: REDACTED_BODY,
      secret_expires_at: null,
    });
  });

  it("keeps reset and invitation tokens in the database only as hashes, and the sent body blank", async () => {
    const test = await createTestApp(database);
    await upsertUser(database.handle.db, {
      email: "hashes@example.com",
      password: "correct horse battery staple",
      kind: "admin",
    });
    const forgot = await test.app.inject({
      method: "POST",
      url: "/api/users/forgot-password",
      payload: { email: "hashes@example.com" },
    });
    expect(forgot.statusCode).toBe(200);
    await test.app.background.idle();
    await test.app.mailer.deliverDue();
    const token = await linkTokenFromMail(
      test.app,
      database,
      "password.reset",
      "hashes@example.com",
    );
    expect(token.length).toBeGreaterThan(20);
    const rows = await database.handle.db.selectFrom("password_tokens").selectAll().execute();
    const all = JSON.stringify(rows);
    expect(all).not.toContain(token);
    expect(all).toContain(createHash("sha256").update(token).digest("hex"));
    const mails = await database.handle.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", "hashes@example.com")
      .execute();
    expect(mails.map((mail) => mail.text_body)).toEqual([REDACTED_BODY]);
    await test.app.close();
  });
});
