import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { appendConsent, consentLedgerOf, consentStandingOf } from "./ledger.ts";

describe.each(testEngines())("the consent ledger on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  it("answers a person's standing from their newest entry", async () => {
    const db = database.handle.db;
    expect(await consentStandingOf(db, "p-standing")).toBeNull();
    await appendConsent(
      db,
      {
        personId: "p-standing",
        event: "given",
        via: "web-form",
        wordingVersion: "contact-2026-11-29",
        phone: "6125550100",
        form: "quote",
        page: "/get-quote-today",
      },
      new Date("2026-11-01T12:00:00.000Z"),
    );
    expect((await consentStandingOf(db, "p-standing"))?.event).toBe("given");
    await appendConsent(
      db,
      {
        personId: "p-standing",
        event: "revoked",
        via: "phone-call",
        byUserId: null,
        note: "Asked on the phone",
      },
      new Date("2026-11-02T12:00:00.000Z"),
    );
    const standing = await consentStandingOf(db, "p-standing");
    expect(standing).toMatchObject({ event: "revoked", phone: "", wording_version: "" });
    expect((await consentLedgerOf(db, "p-standing")).map((row) => row.event)).toEqual([
      "given",
      "revoked",
    ]);
  });

  it("cannot be changed or shortened, whatever the application asks", async () => {
    const db = database.handle.db;
    const row = await appendConsent(db, {
      personId: "p-locked",
      event: "revoked",
      via: "email-link",
    });
    await expect(
      db.updateTable("consent_ledger").set({ event: "given" }).where("id", "=", row.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.deleteFrom("consent_ledger").where("id", "=", row.id).execute(),
    ).rejects.toThrow(/kept/);
    expect(await consentLedgerOf(db, "p-locked")).toHaveLength(1);
  });

  it("lets entries older than five years go (retention)", async () => {
    const db = database.handle.db;
    const old = await appendConsent(
      db,
      { personId: "p-old", event: "revoked", via: "email-link" },
      new Date(Date.now() - 1830 * 86_400_000),
    );
    await db.deleteFrom("consent_ledger").where("id", "=", old.id).execute();
    expect(await consentLedgerOf(db, "p-old")).toHaveLength(0);
  });
});
