import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_LOCKOUT_FAILURES } from "../auth/lockout.ts";
import { loadConfig } from "../config.ts";
import { createTestApp } from "../test/app.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";

/** The proxy in front of the app, as the app sees the connection. */
const PROXY = "127.0.0.1";
const CONTACT = "/api/contacts/send-contact";
/** The contact form's limit per address at RATE_LIMIT_SCALE 1 (contact/routes.ts). */
const CONTACT_LIMIT = 5;

const contact = () => ({
  firstName: "Forged",
  lastName: "Header",
  email: "forged.header@example.com",
  phone: "6125550100",
  subject: "Other",
  message: "Who am I?",
  notRobot: true,
});

let forgeries = 0;
/** A different address each time, as a client escaping its limit would write. */
const forged = () => {
  forgeries += 1;
  return `10.${(forgeries >> 8) & 255}.${forgeries & 255}.1`;
};

/**
 * What the nginx of docs/operations.md sends when a client wrote its own X-Forwarded-For:
 * the client's header, then the address nginx saw ($proxy_add_x_forwarded_for).
 */
const throughProxy = (client: string) => ({
  remoteAddress: PROXY,
  headers: { "x-forwarded-for": `${forged()}, ${forged()}, ${client}` },
});

describe.each(testEngines())("the client's address behind a proxy on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  const appWith = async (trustProxy: string) => {
    // On PostgreSQL the counters are shared by every instance: start from a clean slate.
    await database.handle.db.deleteFrom("rate_limit_counters").execute();
    const { trustProxy: trust } = loadConfig({
      JWT_SECRET: "x".repeat(40),
      TRUST_PROXY: trustProxy,
    });
    return createTestApp(database, { config: { trustProxy: trust, rateLimitScale: 1 } });
  };

  it.each(["true", "1", PROXY, "loopback"])(
    "TRUST_PROXY=%s: a forged X-Forwarded-For does not escape the per-address limit",
    async (trustProxy) => {
      const { app } = await appWith(trustProxy);
      try {
        const statuses: number[] = [];
        for (let i = 0; i <= CONTACT_LIMIT; i += 1) {
          const { remoteAddress, headers } = throughProxy("203.0.113.50");
          const answer = await app.inject({
            method: "POST",
            url: CONTACT,
            payload: contact(),
            remoteAddress,
            headers,
          });
          statuses.push(answer.statusCode);
        }
        expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(201), 429]);
        // Another client behind the same proxy has its own count.
        const other = throughProxy("203.0.113.51");
        const answer = await app.inject({
          method: "POST",
          url: CONTACT,
          payload: contact(),
          ...other,
        });
        expect(answer.statusCode).toBe(201);
      } finally {
        await app.close();
      }
    },
  );

  it("TRUST_PROXY=true: a forged header does not lift the sign-in lockout, and the audit names the client", async () => {
    const { app } = await appWith("true");
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= ADDRESS_LOCKOUT_FAILURES; i += 1) {
        const answer = await app.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { email: `nobody${i}@example.com`, password: "wrong password!" },
          ...throughProxy("203.0.113.60"),
        });
        statuses.push(answer.statusCode);
      }
      // Enough failures lock the address whatever the accounts (decision 0020).
      expect(statuses).toEqual([...Array(ADDRESS_LOCKOUT_FAILURES).fill(401), 429]);
      const audit = await database.handle.db
        .selectFrom("audit_log")
        .select("ip")
        .where("action", "=", "login.failure")
        .execute();
      expect(new Set(audit.map((row) => row.ip))).toEqual(new Set(["203.0.113.60"]));
    } finally {
      await app.close();
    }
  });

  it("TRUST_PROXY=<address>: a client that is not the proxy is its own address, whatever it sends", async () => {
    const { app } = await appWith(PROXY);
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= CONTACT_LIMIT; i += 1) {
        const answer = await app.inject({
          method: "POST",
          url: CONTACT,
          payload: contact(),
          remoteAddress: "198.51.100.9",
          headers: { "x-forwarded-for": forged() },
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(201), 429]);
    } finally {
      await app.close();
    }
  });
});
