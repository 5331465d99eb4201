import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import {
  API_ENDPOINTS,
  API_ROUTES,
  isTextResponse,
  type RouteDefinition,
  textResponseTypes,
  toOpenApiPath,
} from "@agency/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
// The web app's own client, as the browser runs it: the contract is tested from its side.
import { type ApiResult, callRoute } from "../../../web/app/lib/api.ts";
import { writeTwoFactorRequirement } from "../auth/two-factor-repository.ts";
import { signStopToken } from "../consent/stop-token.ts";
import { createTestApp, type TestApp } from "../test/app.ts";
import { signInAs, TEST_PASSWORD } from "../test/auth.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { validQuotePayload } from "../test/fixtures.ts";
import { attachment, testFile, VALID_REQUESTS } from "../test/service-requests.ts";
import { base32Decode, totpAt } from "../test/totp.ts";

/**
 * Issue 25 §5: every route of the OpenAPI document goes through the web app's typed client
 * (apps/web/app/lib/api.ts, `callRoute` with API_ENDPOINTS) at least once, against the real
 * app on a port. A route the web app cannot call, or calls with a shape the server refuses,
 * fails here: the document and API_ENDPOINTS must name the same routes, no call may answer
 * a 5xx, and every call below is a valid one that must answer a 2xx whose body the route's
 * own response schema parses (decision 0050).
 */

// Monday 2026-11-23, 10:30 AM in Chicago (16:30 UTC): bookable days lie ahead of it.
const START = new Date("2026-11-23T16:30:00Z");
const TUESDAY = "2026-11-24";
const PUBLIC_URL = "https://agency.test";
const NEW_PASSWORD = "a different horse battery staple";
const MANAGE_LINK = /\/appointments\/manage\/([A-Za-z0-9_-]{43})\b/;
const RESET_LINK = /\/reset-password\?token=([A-Za-z0-9_-]+)/;

type Endpoints = typeof API_ENDPOINTS;
/** One call of a route through the client; the table below has one for every route. */
type Call = () => Promise<ApiResult<unknown>>;
type Calls = { readonly [G in keyof Endpoints]: { readonly [N in keyof Endpoints[G]]: Call } };

describe.each(testEngines())("the web app's typed client calls every route on %s", (engine) => {
  let database: TestDatabase;
  let test: TestApp;
  const clock = { now: START };
  let base = "";
  /** The refresh cookie the next call carries (Node's fetch keeps no cookies). */
  let cookie: string | undefined;
  /** Every answer the client received: method, path and status. */
  const answers: { call: string; status: number; contentType: string | null }[] = [];

  let admin: Awaited<ReturnType<typeof signInAs>>;
  const ids: Record<string, string> = {};
  let visitors = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    test = await createTestApp(database, {
      clock: () => clock.now,
      config: { publicUrl: PUBLIC_URL },
    });
    // The links (manage, reset) are read from the outbox: nothing is sent meanwhile.
    await test.app.mailer.stop();
    await test.app.listen({ host: "127.0.0.1", port: 0 });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    const realFetch = globalThis.fetch;
    // The browser's relative addresses, sent to the app on its port (plus the cookie).
    vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      if (cookie) headers.set("cookie", cookie);
      const response = await realFetch(new URL(input, base), { ...init, headers });
      answers.push({
        call: `${init.method} ${input}`,
        status: response.status,
        contentType: response.headers.get("content-type"),
      });
      return response;
    });
    admin = await signInAs(test.app, database, "super-admin");
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await test.app.close();
    await database.drop();
  });

  const staff = () => ({ token: admin.token });
  const visitor = () => {
    visitors += 1;
    return {
      email: `visitor${visitors}@example.com`,
      phone: `(651) 555-${String(2000 + visitors)}`,
    };
  };
  const idOf = (name: string) => {
    const id = ids[name];
    if (!id) throw new Error(`no ${name} yet: its creating call failed`);
    return id;
  };
  const outbox = () => database.handle.db.selectFrom("mail_outbox").selectAll().execute();
  type EmailEndpoints = Pick<typeof API_ENDPOINTS.contacts, "emails" | "sendEmail" | "retryEmail">;
  /** A lead's email routes: list, send, and retry (after its outbox row is made to fail). */
  const emailCalls = (name: string, endpoints: EmailEndpoints) => {
    let emailId = "";
    return {
      emails: () => callRoute(endpoints.emails, { params: { id: idOf(name) }, ...staff() }),
      sendEmail: async () => {
        const result = await callRoute(endpoints.sendEmail, {
          params: { id: idOf(name) },
          body: { subject: "Re: Your request", body: "Hi, thanks for reaching out." },
          idempotencyKey: randomUUID(),
          ...staff(),
        });
        if (result.ok) emailId = result.data.data._id;
        return result;
      },
      retryEmail: async () => {
        const email = await database.handle.db
          .selectFrom("staff_emails")
          .select("outbox_id")
          .where("id", "=", emailId)
          .executeTakeFirstOrThrow();
        await database.handle.db
          .updateTable("mail_outbox")
          .set({ status: "failed", last_error: "connect ECONNREFUSED" })
          .where("id", "=", email.outbox_id)
          .execute();
        return callRoute(endpoints.retryEmail, {
          params: { id: idOf(name), emailId },
          ...staff(),
        });
      },
    };
  };
  type XDateEndpoints = Pick<typeof API_ENDPOINTS.contacts, "xDate" | "setXDate">;
  const LEAD_TABLES = { quote: "auto_quotes", contact: "contacts", appointment: "appointments" };
  /** A lead's X-date routes: read (none yet), then record on the lead marked lost. */
  const xDateCalls = (name: keyof typeof LEAD_TABLES, endpoints: XDateEndpoints) => ({
    xDate: () => callRoute(endpoints.xDate, { params: { id: idOf(name) }, ...staff() }),
    setXDate: async () => {
      await database.handle.db
        .updateTable(LEAD_TABLES[name] as "contacts")
        .set({ status: "lost", lost_reason: "another-agency" })
        .where("id", "=", idOf(name))
        .execute();
      return callRoute(endpoints.setXDate, {
        params: { id: idOf(name) },
        body: { carrier: "Acme Mutual", xDate: "2027-06-15" },
        ...staff(),
      });
    },
  });
  /** Someone the submissions above made a person of. */
  const aPerson = async () =>
    (await database.handle.db.selectFrom("persons").select("id").executeTakeFirstOrThrow()).id;
  /** The free times of a day, as the slots route answers them. */
  const freeTimes = async (date: string) => {
    const response = await test.app.inject({
      method: "GET",
      url: `/api/appointments/available-slots?date=${date}`,
    });
    return (response.json().slots as { time: string; available: boolean }[])
      .filter((slot) => slot.available)
      .map((slot) => slot.time);
  };
  /** A booking made as a visitor (setup, not under test), and the token of its link. */
  const bookWithLink = async () => {
    const [time] = await freeTimes(TUESDAY);
    const response = await test.app.inject({
      method: "POST",
      url: "/api/appointments/add-appointment",
      payload: { name: "Zoë Ng", ...visitor(), date: TUESDAY, time, service: "Home Insurance" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id: string = response.json().data._id;
    const mail = (await outbox()).find(
      (row) => row.related_id === id && MANAGE_LINK.test(row.text_body),
    );
    const token = MANAGE_LINK.exec(mail?.text_body ?? "")?.[1];
    if (!token) throw new Error("no manage link in the confirmation");
    return { id, token };
  };
  /** A user with the authenticator confirmed (setup): its secret and recovery codes. */
  const withTwoFactor = async () => {
    const user = await signInAs(test.app, database, "agent");
    const auth = { authorization: `Bearer ${user.token}` };
    const setup = await test.app.inject({
      method: "POST",
      url: "/api/users/two-factor/setup",
      headers: auth,
    });
    const secret = base32Decode(setup.json().secret);
    const confirmed = await test.app.inject({
      method: "POST",
      url: "/api/users/two-factor/confirm",
      headers: auth,
      payload: { code: totpAt(secret, clock.now) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { ...user, secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
  };
  /** Moves the clock to the next 30-second step, so a fresh authenticator code is due. */
  const nextCodeStep = () => {
    clock.now = new Date(clock.now.getTime() + 30_000);
  };

  const quoteBody = () => API_ROUTES.quotes.send.body.parse(validQuotePayload());
  const contactBody = () => ({
    firstName: "Ann",
    lastName: "Lee",
    ...visitor(),
    subject: "Other" as const,
    message: "Please call me about home insurance.",
    notRobot: true,
  });

  /** Every route, called as the web app would with a valid request. */
  const calls: Calls = {
    health: {
      check: () => callRoute(API_ENDPOINTS.health.check),
    },
    openapi: {
      document: () => callRoute(API_ENDPOINTS.openapi.document),
    },
    quotes: {
      send: async () => {
        const result = await callRoute(API_ENDPOINTS.quotes.send, {
          body: quoteBody(),
          idempotencyKey: randomUUID(),
        });
        if (result.ok) ids.quote = result.data.data._id;
        return result;
      },
      list: () => callRoute(API_ENDPOINTS.quotes.list, { query: { limit: 10 }, ...staff() }),
      export: () => callRoute(API_ENDPOINTS.quotes.export, staff()),
      one: () => callRoute(API_ENDPOINTS.quotes.one, { params: { id: idOf("quote") }, ...staff() }),
      delete: () =>
        callRoute(API_ENDPOINTS.quotes.delete, { params: { id: idOf("quote") }, ...staff() }),
      restore: () =>
        callRoute(API_ENDPOINTS.quotes.restore, { params: { id: idOf("quote") }, ...staff() }),
      status: () =>
        callRoute(API_ENDPOINTS.quotes.status, {
          params: { id: idOf("quote") },
          body: { status: "contacted" },
          ...staff(),
        }),
      notes: () =>
        callRoute(API_ENDPOINTS.quotes.notes, { params: { id: idOf("quote") }, ...staff() }),
      addNote: () =>
        callRoute(API_ENDPOINTS.quotes.addNote, {
          params: { id: idOf("quote") },
          body: { kind: "call", body: "Talked about the renewal", outcome: "reached" },
          ...staff(),
        }),
      assign: () =>
        callRoute(API_ENDPOINTS.quotes.assign, {
          params: { id: idOf("quote") },
          body: { assignedTo: admin.userId },
          ...staff(),
        }),
      ...emailCalls("quote", API_ENDPOINTS.quotes as unknown as EmailEndpoints),
      ...xDateCalls("quote", API_ENDPOINTS.quotes as unknown as XDateEndpoints),
      reveal: () =>
        callRoute(API_ENDPOINTS.quotes.reveal, { params: { id: idOf("quote") }, ...staff() }),
    },
    contacts: {
      send: async () => {
        const result = await callRoute(API_ENDPOINTS.contacts.send, {
          body: contactBody(),
          idempotencyKey: randomUUID(),
        });
        if (result.ok) ids.contact = result.data.data._id;
        return result;
      },
      list: () => callRoute(API_ENDPOINTS.contacts.list, { query: { q: "Ann" }, ...staff() }),
      export: () => callRoute(API_ENDPOINTS.contacts.export, staff()),
      one: () =>
        callRoute(API_ENDPOINTS.contacts.one, { params: { id: idOf("contact") }, ...staff() }),
      delete: () =>
        callRoute(API_ENDPOINTS.contacts.delete, { params: { id: idOf("contact") }, ...staff() }),
      restore: () =>
        callRoute(API_ENDPOINTS.contacts.restore, {
          params: { id: idOf("contact") },
          ...staff(),
        }),
      status: () =>
        callRoute(API_ENDPOINTS.contacts.status, {
          params: { id: idOf("contact") },
          body: { status: "contacted" },
          ...staff(),
        }),
      notes: () =>
        callRoute(API_ENDPOINTS.contacts.notes, { params: { id: idOf("contact") }, ...staff() }),
      addNote: () =>
        callRoute(API_ENDPOINTS.contacts.addNote, {
          params: { id: idOf("contact") },
          body: { kind: "note", body: "Prefers email." },
          ...staff(),
        }),
      assign: () =>
        callRoute(API_ENDPOINTS.contacts.assign, {
          params: { id: idOf("contact") },
          body: { assignedTo: null },
          ...staff(),
        }),
      ...emailCalls("contact", API_ENDPOINTS.contacts as unknown as EmailEndpoints),
      ...xDateCalls("contact", API_ENDPOINTS.contacts as unknown as XDateEndpoints),
    },
    appointments: {
      book: async () => {
        const [time = "09:00 AM"] = await freeTimes(TUESDAY);
        const result = await callRoute(API_ENDPOINTS.appointments.book, {
          body: { name: "Zoë Ng", ...visitor(), date: TUESDAY, time, service: "Home Insurance" },
          idempotencyKey: randomUUID(),
        });
        if (result.ok) ids.appointment = result.data.data._id;
        return result;
      },
      slots: () => callRoute(API_ENDPOINTS.appointments.slots, { query: { date: TUESDAY } }),
      calendar: () =>
        callRoute(API_ENDPOINTS.appointments.calendar, {
          query: { from: "2026-11-23", to: "2026-11-27" },
          ...staff(),
        }),
      today: () => callRoute(API_ENDPOINTS.appointments.today, staff()),
      list: () =>
        callRoute(API_ENDPOINTS.appointments.list, { query: { archived: "false" }, ...staff() }),
      export: () => callRoute(API_ENDPOINTS.appointments.export, staff()),
      one: () =>
        callRoute(API_ENDPOINTS.appointments.one, {
          params: { id: idOf("appointment") },
          ...staff(),
        }),
      delete: () =>
        callRoute(API_ENDPOINTS.appointments.delete, {
          params: { id: idOf("appointment") },
          ...staff(),
        }),
      restore: () =>
        callRoute(API_ENDPOINTS.appointments.restore, {
          params: { id: idOf("appointment") },
          ...staff(),
        }),
      status: () =>
        callRoute(API_ENDPOINTS.appointments.status, {
          params: { id: idOf("appointment") },
          body: { status: "contacted" },
          ...staff(),
        }),
      notes: () =>
        callRoute(API_ENDPOINTS.appointments.notes, {
          params: { id: idOf("appointment") },
          ...staff(),
        }),
      addNote: () =>
        callRoute(API_ENDPOINTS.appointments.addNote, {
          params: { id: idOf("appointment") },
          body: { kind: "call", body: "Confirmed the time", outcome: "reached" },
          ...staff(),
        }),
      assign: () =>
        callRoute(API_ENDPOINTS.appointments.assign, {
          params: { id: idOf("appointment") },
          body: { assignedTo: admin.userId },
          ...staff(),
        }),
      ...emailCalls("appointment", API_ENDPOINTS.appointments as unknown as EmailEndpoints),
      ...xDateCalls("appointment", API_ENDPOINTS.appointments as unknown as XDateEndpoints),
    },
    stopLink: {
      stop: () =>
        callRoute(API_ENDPOINTS.stopLink.stop, {
          params: { token: signStopToken("stop.typed@example.com", test.app.config.jwtSecret) },
          body: {},
        }),
      doNotContact: () =>
        callRoute(API_ENDPOINTS.stopLink.doNotContact, {
          params: { kind: "contact", id: idOf("contact") },
          ...staff(),
        }),
    },
    appointmentManage: {
      booking: async () => {
        const { token } = await bookWithLink();
        return callRoute(API_ENDPOINTS.appointmentManage.booking, { params: { token } });
      },
      cancel: async () => {
        const { token } = await bookWithLink();
        return callRoute(API_ENDPOINTS.appointmentManage.cancel, {
          params: { token },
          body: { reason: "Plans changed" },
          idempotencyKey: randomUUID(),
        });
      },
      reschedule: async () => {
        const { token } = await bookWithLink();
        const [, time = "10:00 AM"] = await freeTimes(TUESDAY);
        return callRoute(API_ENDPOINTS.appointmentManage.reschedule, {
          params: { token },
          body: { date: TUESDAY, time },
          idempotencyKey: randomUUID(),
        });
      },
      staffMove: async () => {
        const { id } = await bookWithLink();
        const [, time = "10:00 AM"] = await freeTimes(TUESDAY);
        return callRoute(API_ENDPOINTS.appointmentManage.staffMove, {
          params: { id },
          body: { date: TUESDAY, time },
          ...staff(),
        });
      },
      staffCancel: async () => {
        const { id } = await bookWithLink();
        return callRoute(API_ENDPOINTS.appointmentManage.staffCancel, {
          params: { id },
          body: {},
          ...staff(),
        });
      },
    },
    leadEntry: {
      enterContact: () =>
        callRoute(API_ENDPOINTS.leadEntry.enterContact, {
          body: { ...contactBody(), source: "phone" },
          ...staff(),
        }),
      enterQuote: () =>
        callRoute(API_ENDPOINTS.leadEntry.enterQuote, {
          body: { ...quoteBody(), source: "walk-in" },
          ...staff(),
        }),
      enterAppointment: async () => {
        const [time = "09:00 AM"] = await freeTimes(TUESDAY);
        return callRoute(API_ENDPOINTS.leadEntry.enterAppointment, {
          body: {
            name: "Ann Lee",
            ...visitor(),
            date: TUESDAY,
            time,
            service: "Home Insurance",
            source: "phone",
          },
          ...staff(),
        });
      },
      editContact: () =>
        callRoute(API_ENDPOINTS.leadEntry.editContact, {
          params: { id: idOf("contact") },
          body: { lastName: "Li" },
          ...staff(),
        }),
      editQuote: () =>
        callRoute(API_ENDPOINTS.leadEntry.editQuote, {
          params: { id: idOf("quote") },
          body: { lastName: "Li" },
          ...staff(),
        }),
      editAppointment: () =>
        callRoute(API_ENDPOINTS.leadEntry.editAppointment, {
          params: { id: idOf("appointment") },
          body: { name: "Zoë Li" },
          ...staff(),
        }),
    },
    auth: {
      login: async () => {
        const { email } = await signInAs(test.app, database, "agent");
        return callRoute(API_ENDPOINTS.auth.login, {
          body: { email, password: TEST_PASSWORD, rememberMe: true },
        });
      },
      secondFactor: async () => {
        const user = await withTwoFactor();
        const login = await test.app.inject({
          method: "POST",
          url: "/api/users/login",
          payload: { email: user.email, password: TEST_PASSWORD },
        });
        return callRoute(API_ENDPOINTS.auth.secondFactor, {
          body: { challenge: login.json().challenge, code: user.recoveryCodes[0] ?? "" },
        });
      },
      enrolment: async () => {
        const user = await signInAs(test.app, database, "agent");
        await writeTwoFactorRequirement(database.handle.db, true, admin.userId, clock.now);
        try {
          const login = await test.app.inject({
            method: "POST",
            url: "/api/users/login",
            payload: { email: user.email, password: TEST_PASSWORD },
          });
          ids.enrolmentChallenge = login.json().challenge;
          return await callRoute(API_ENDPOINTS.auth.enrolment, {
            body: { challenge: idOf("enrolmentChallenge") },
          });
        } finally {
          await writeTwoFactorRequirement(database.handle.db, false, admin.userId, clock.now);
        }
      },
      confirmEnrolment: async () => {
        // The same kind of challenge, enrolled with the secret the enrolment step answers.
        const user = await signInAs(test.app, database, "agent");
        await writeTwoFactorRequirement(database.handle.db, true, admin.userId, clock.now);
        try {
          const login = await test.app.inject({
            method: "POST",
            url: "/api/users/login",
            payload: { email: user.email, password: TEST_PASSWORD },
          });
          const challenge: string = login.json().challenge;
          const setup = await test.app.inject({
            method: "POST",
            url: "/api/users/login/enrolment",
            payload: { challenge },
          });
          const code = totpAt(base32Decode(setup.json().secret), clock.now);
          return await callRoute(API_ENDPOINTS.auth.confirmEnrolment, {
            body: { challenge, code },
          });
        } finally {
          await writeTwoFactorRequirement(database.handle.db, false, admin.userId, clock.now);
        }
      },
      refresh: async () => {
        const user = await signInAs(test.app, database, "agent");
        cookie = user.cookie;
        try {
          return await callRoute(API_ENDPOINTS.auth.refresh);
        } finally {
          cookie = undefined;
        }
      },
      logout: async () => {
        const user = await signInAs(test.app, database, "agent");
        return callRoute(API_ENDPOINTS.auth.logout, { token: user.token });
      },
      forgotPassword: async () => {
        const user = await signInAs(test.app, database, "agent");
        ids.resetEmail = user.email;
        return callRoute(API_ENDPOINTS.auth.forgotPassword, { body: { email: user.email } });
      },
      resetPassword: async () => {
        const email = idOf("resetEmail");
        // The reset mail is written after the answer (the same answer for every email).
        const token = await vi.waitFor(async () => {
          const mail = (await outbox()).find(
            (row) => row.to_address === email && RESET_LINK.test(row.text_body),
          );
          const found = RESET_LINK.exec(mail?.text_body ?? "")?.[1];
          if (!found) throw new Error(`no reset mail to ${email} yet`);
          return found;
        });
        return callRoute(API_ENDPOINTS.auth.resetPassword, {
          body: { token, password: NEW_PASSWORD },
        });
      },
      changePassword: async () => {
        const user = await signInAs(test.app, database, "agent");
        return callRoute(API_ENDPOINTS.auth.changePassword, {
          body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
          token: user.token,
        });
      },
    },
    twoFactor: {
      status: () => callRoute(API_ENDPOINTS.twoFactor.status, staff()),
      setup: async () => {
        const result = await callRoute(API_ENDPOINTS.twoFactor.setup, staff());
        if (result.ok) ids.secret = result.data.secret;
        return result;
      },
      confirm: () =>
        callRoute(API_ENDPOINTS.twoFactor.confirm, {
          body: { code: totpAt(base32Decode(idOf("secret")), clock.now) },
          ...staff(),
        }),
      recoveryCodes: async () => {
        nextCodeStep();
        const result = await callRoute(API_ENDPOINTS.twoFactor.recoveryCodes, {
          body: { code: totpAt(base32Decode(idOf("secret")), clock.now) },
          ...staff(),
        });
        if (result.ok) ids.recoveryCode = result.data.recoveryCodes[0] ?? "";
        return result;
      },
      disable: () =>
        callRoute(API_ENDPOINTS.twoFactor.disable, {
          body: { password: TEST_PASSWORD, code: idOf("recoveryCode") },
          ...staff(),
        }),
    },
    users: {
      list: () => callRoute(API_ENDPOINTS.users.list, staff()),
      get: () => callRoute(API_ENDPOINTS.users.get, { params: { id: admin.userId }, ...staff() }),
      update: async () => {
        const { userId } = await signInAs(test.app, database, "support");
        return callRoute(API_ENDPOINTS.users.update, {
          params: { id: userId },
          body: { role: ["User", "Agent"] },
          ...staff(),
        });
      },
      renameSelf: () =>
        callRoute(API_ENDPOINTS.users.renameSelf, {
          body: { firstName: "Ada", lastName: "Lovelace" },
          ...staff(),
        }),
      invite: async () => {
        const result = await callRoute(API_ENDPOINTS.users.invite, {
          body: { email: `new.hire.${randomUUID().slice(0, 8)}@example.com` },
          ...staff(),
        });
        if (result.ok) ids.invited = result.data._id;
        return result;
      },
      resendInvitation: () =>
        callRoute(API_ENDPOINTS.users.resendInvitation, {
          params: { id: idOf("invited") },
          ...staff(),
        }),
      revokeInvitation: () =>
        callRoute(API_ENDPOINTS.users.revokeInvitation, {
          params: { id: idOf("invited") },
          ...staff(),
        }),
      delete: () =>
        callRoute(API_ENDPOINTS.users.delete, { params: { id: idOf("invited") }, ...staff() }),
    },
    settings: {
      policies: () => callRoute(API_ENDPOINTS.settings.policies, { query: {}, ...staff() }),
      settings: () => callRoute(API_ENDPOINTS.settings.settings, staff()),
    },
    securitySettings: {
      get: () => callRoute(API_ENDPOINTS.securitySettings.get, staff()),
      update: () =>
        callRoute(API_ENDPOINTS.securitySettings.update, {
          body: { requireTwoFactor: false },
          ...staff(),
        }),
    },
    scheduling: {
      capacity: () => callRoute(API_ENDPOINTS.scheduling.capacity, staff()),
      updateCapacity: () =>
        callRoute(API_ENDPOINTS.scheduling.updateCapacity, {
          body: { agentsPerSlot: 2 },
          ...staff(),
        }),
      closures: () => callRoute(API_ENDPOINTS.scheduling.closures, staff()),
      addClosure: async () => {
        const result = await callRoute(API_ENDPOINTS.scheduling.addClosure, {
          body: { date: "2026-12-04", allDay: true, reason: "Staff training" },
          ...staff(),
        });
        if (result.ok) ids.closure = result.data.data._id;
        return result;
      },
      deleteClosure: () =>
        callRoute(API_ENDPOINTS.scheduling.deleteClosure, {
          params: { id: idOf("closure") },
          ...staff(),
        }),
    },
    dashboard: {
      overview: () => callRoute(API_ENDPOINTS.dashboard.overview, staff()),
      notifications: () => callRoute(API_ENDPOINTS.dashboard.notifications, staff()),
      latestLeads: () => callRoute(API_ENDPOINTS.dashboard.latestLeads, staff()),
      notificationsSeen: () => callRoute(API_ENDPOINTS.dashboard.notificationsSeen, staff()),
      notificationRead: () =>
        callRoute(API_ENDPOINTS.dashboard.notificationRead, {
          body: { type: "contact", id: idOf("contact") },
          ...staff(),
        }),
      timeline: () =>
        callRoute(API_ENDPOINTS.dashboard.timeline, {
          query: { email: "visitor1@example.com" },
          ...staff(),
        }),
      search: () => callRoute(API_ENDPOINTS.dashboard.search, { query: { q: "Ann" }, ...staff() }),
      myFollowUps: () => callRoute(API_ENDPOINTS.dashboard.myFollowUps, staff()),
      report: () => callRoute(API_ENDPOINTS.dashboard.report, staff()),
    },
    leadWork: {
      assignable: () => callRoute(API_ENDPOINTS.leadWork.assignable, staff()),
    },
    emailTemplates: {
      list: () => callRoute(API_ENDPOINTS.emailTemplates.list, staff()),
      create: async () => {
        const result = await callRoute(API_ENDPOINTS.emailTemplates.create, {
          body: { name: "Welcome", subject: "Hi {{firstName}}", body: "This is {{agentName}}." },
          ...staff(),
        });
        if (result.ok) ids.template = result.data.data._id;
        return result;
      },
      update: () =>
        callRoute(API_ENDPOINTS.emailTemplates.update, {
          params: { id: idOf("template") },
          body: {
            name: "Welcome back",
            subject: "Hi {{firstName}}",
            body: "Again, {{agentName}}.",
          },
          ...staff(),
        }),
      delete: () =>
        callRoute(API_ENDPOINTS.emailTemplates.delete, {
          params: { id: idOf("template") },
          ...staff(),
        }),
    },
    people: {
      list: () =>
        callRoute(API_ENDPOINTS.people.list, {
          query: { q: "visitor", sort: "name", limit: 10 },
          ...staff(),
        }),
      export: () =>
        callRoute(API_ENDPOINTS.people.export, { query: { has: "contact" }, ...staff() }),
      duplicateGroups: () =>
        callRoute(API_ENDPOINTS.people.duplicateGroups, {
          query: { limit: 10, offset: 0 },
          ...staff(),
        }),
      one: async () => {
        ids.person = await aPerson();
        return callRoute(API_ENDPOINTS.people.one, { params: { id: ids.person }, ...staff() });
      },
      duplicates: async () =>
        callRoute(API_ENDPOINTS.people.duplicates, {
          params: { id: await aPerson() },
          ...staff(),
        }),
      merge: async () => {
        const [kept, other] = await database.handle.db
          .selectFrom("persons")
          .select("id")
          .orderBy("id")
          .limit(2)
          .execute();
        const result = await callRoute(API_ENDPOINTS.people.merge, {
          params: { id: kept?.id ?? "" },
          body: { otherId: other?.id ?? "" },
          ...staff(),
        });
        if (result.ok) ids.merge = result.data.data.mergeId;
        return result;
      },
      undoMerge: () =>
        callRoute(API_ENDPOINTS.people.undoMerge, { params: { id: idOf("merge") }, ...staff() }),
      update: async () =>
        callRoute(API_ENDPOINTS.people.update, {
          params: { id: await aPerson() },
          body: { notes: "Prefers mornings.", preferredContact: "phone" },
          ...staff(),
        }),
      ...emailCalls("person", API_ENDPOINTS.people as unknown as EmailEndpoints),
    },
    personPrivacy: {
      disclosures: async () =>
        callRoute(API_ENDPOINTS.personPrivacy.disclosures, {
          params: { id: await aPerson() },
          query: { since: "2024-11-23" },
          ...staff(),
        }),
      addDisclosure: async () =>
        callRoute(API_ENDPOINTS.personPrivacy.addDisclosure, {
          params: { id: await aPerson() },
          body: {
            disclosedOn: "2026-11-20",
            recipient: "North Star Mutual",
            what: "Name, address and driving record",
            basis: "To quote auto coverage, as the person asked",
          },
          idempotencyKey: randomUUID(),
          ...staff(),
        }),
      export: async () =>
        callRoute(API_ENDPOINTS.personPrivacy.export, {
          params: { id: await aPerson() },
          ...staff(),
        }),
      erase: async () => {
        const sent = await callRoute(API_ENDPOINTS.contacts.send, {
          body: { ...contactBody(), firstName: "Erin", lastName: "Gone" },
          idempotencyKey: randomUUID(),
        });
        if (!sent.ok) throw new Error(`the contact to erase: ${sent.status}`);
        const row = await database.handle.db
          .selectFrom("contacts")
          .select("person_id")
          .where("id", "=", sent.data.data._id)
          .executeTakeFirstOrThrow();
        return callRoute(API_ENDPOINTS.personPrivacy.erase, {
          params: { id: row.person_id ?? "" },
          body: { confirmName: "Erin Gone" },
          idempotencyKey: randomUUID(),
          ...staff(),
        });
      },
    },
    consent: {
      ofPerson: async () =>
        callRoute(API_ENDPOINTS.consent.ofPerson, { params: { id: await aPerson() }, ...staff() }),
      revoke: async () =>
        callRoute(API_ENDPOINTS.consent.revoke, {
          params: { id: await aPerson() },
          body: { note: "Asked us to stop calling." },
          idempotencyKey: randomUUID(),
          ...staff(),
        }),
      exportCsv: async () =>
        callRoute(API_ENDPOINTS.consent.exportCsv, { params: { id: await aPerson() }, ...staff() }),
    },
    households: {
      link: async () => {
        const [primary, member] = await database.handle.db
          .selectFrom("persons")
          .select("id")
          .orderBy("id")
          .limit(2)
          .execute();
        if (!primary || !member) throw new Error("two people are needed");
        ids.primary = primary.id;
        ids.member = member.id;
        return callRoute(API_ENDPOINTS.households.link, {
          params: { id: primary.id },
          body: { personId: member.id, relationship: "spouse" },
          ...staff(),
        });
      },
      change: () =>
        callRoute(API_ENDPOINTS.households.change, {
          params: { id: idOf("primary"), memberId: idOf("member") },
          body: { relationship: "other" },
          ...staff(),
        }),
      unlink: () =>
        callRoute(API_ENDPOINTS.households.unlink, {
          params: { id: idOf("primary"), memberId: idOf("member") },
          ...staff(),
        }),
    },
    tasks: {
      list: () => callRoute(API_ENDPOINTS.tasks.list, { query: {}, ...staff() }),
      create: async () => {
        const result = await callRoute(API_ENDPOINTS.tasks.create, {
          body: {
            subject: { kind: "contact", id: idOf("contact") },
            text: "Call back about the renewal",
            dueDate: "2099-01-05",
            dueTime: "15:00",
          },
          ...staff(),
        });
        if (result.ok) ids.task = result.data.data._id;
        return result;
      },
      update: () =>
        callRoute(API_ENDPOINTS.tasks.update, {
          params: { id: idOf("task") },
          body: { dueDate: "2099-01-06", dueTime: "09:30" },
          ...staff(),
        }),
      complete: () =>
        callRoute(API_ENDPOINTS.tasks.complete, { params: { id: idOf("task") }, ...staff() }),
      reopen: () =>
        callRoute(API_ENDPOINTS.tasks.reopen, { params: { id: idOf("task") }, ...staff() }),
    },
    policies: {
      issue: async () => {
        const result = await callRoute(API_ENDPOINTS.policies.issue, {
          body: {
            personId: await aPerson(),
            carrier: "Sample Mutual Auto (sample)",
            lineOfBusiness: "auto",
            policyNumber: `TC-${randomUUID().slice(0, 8)}`,
            effectiveDate: "2026-12-01",
            termMonths: 6,
            annualPremium: "1,234.56",
          },
          idempotencyKey: randomUUID(),
          ...staff(),
        });
        if (result.ok) ids.policy = result.data.data._id;
        return result;
      },
      one: () =>
        callRoute(API_ENDPOINTS.policies.one, { params: { id: idOf("policy") }, ...staff() }),
      update: () =>
        callRoute(API_ENDPOINTS.policies.update, {
          params: { id: idOf("policy") },
          body: { notes: "Paid in full" },
          ...staff(),
        }),
      cancel: () =>
        callRoute(API_ENDPOINTS.policies.cancel, {
          params: { id: idOf("policy") },
          body: { cancelDate: "2027-01-15", reason: "Sold the car" },
          ...staff(),
        }),
      reinstate: () =>
        callRoute(API_ENDPOINTS.policies.reinstate, {
          params: { id: idOf("policy") },
          ...staff(),
        }),
      nonRenew: () =>
        callRoute(API_ENDPOINTS.policies.nonRenew, {
          params: { id: idOf("policy") },
          ...staff(),
        }),
      ofPerson: async () =>
        callRoute(API_ENDPOINTS.policies.ofPerson, {
          params: { id: await aPerson() },
          ...staff(),
        }),
    },
    imports: {
      mapping: () =>
        callRoute(API_ENDPOINTS.imports.mapping, {
          body: { header: ["First Name", "Last Name", "Email"] },
          ...staff(),
        }),
      run: () =>
        callRoute(API_ENDPOINTS.imports.run, {
          body: {
            csv: `first,last,email,carrier,lob,policy,effective,term,premium\r\nAnn,Lee,ann.tc@example.com,Acme,Auto,TC-IMP-${randomUUID().slice(0, 8)},2026-01-05,12,850.00\r\n`,
            mapping: {
              firstName: 0,
              lastName: 1,
              email: 2,
              carrier: 3,
              lineOfBusiness: 4,
              policyNumber: 5,
              effectiveDate: 6,
              termMonths: 7,
              annualPremium: 8,
            },
          },
          ...staff(),
        }),
    },
    renewals: {
      list: () => callRoute(API_ENDPOINTS.renewals.list, { query: { window: 90 }, ...staff() }),
      renew: async () => {
        const issued = await callRoute(API_ENDPOINTS.policies.issue, {
          body: {
            personId: await aPerson(),
            carrier: "Sample Mutual Auto (sample)",
            lineOfBusiness: "home",
            policyNumber: `TR-${randomUUID().slice(0, 8)}`,
            effectiveDate: "2026-01-01",
            termMonths: 12,
            annualPremium: "900.00",
          },
          idempotencyKey: randomUUID(),
          ...staff(),
        });
        if (!issued.ok) return issued;
        ids.renewable = issued.data.data._id;
        return callRoute(API_ENDPOINTS.renewals.renew, {
          params: { id: issued.data.data._id },
          body: { annualPremium: "950.00" },
          idempotencyKey: randomUUID(),
          ...staff(),
        });
      },
      setState: async () => {
        const issued = await callRoute(API_ENDPOINTS.policies.issue, {
          body: {
            personId: await aPerson(),
            carrier: "Sample Mutual Auto (sample)",
            lineOfBusiness: "home",
            policyNumber: `TS-${randomUUID().slice(0, 8)}`,
            effectiveDate: "2026-06-01",
            termMonths: 12,
            annualPremium: "900.00",
          },
          idempotencyKey: randomUUID(),
          ...staff(),
        });
        if (!issued.ok) return issued;
        return callRoute(API_ENDPOINTS.renewals.setState, {
          params: { id: issued.data.data._id },
          body: { state: "re-marketing" },
          ...staff(),
        });
      },
      settings: () => callRoute(API_ENDPOINTS.renewals.settings, staff()),
      updateSettings: () =>
        callRoute(API_ENDPOINTS.renewals.updateSettings, { body: { days: 30 }, ...staff() }),
    },
    service: {
      send: async () => {
        const result = await callRoute(API_ENDPOINTS.service.send, {
          body: {
            ...VALID_REQUESTS.claim,
            ...visitor(),
            attachments: [attachment("photo.png", testFile("png"))],
          },
          idempotencyKey: randomUUID(),
        });
        if (result.ok) ids.service = result.data.data._id;
        return result;
      },
      list: () =>
        callRoute(API_ENDPOINTS.service.list, {
          query: { q: "SR-", sort: "due:asc", limit: 10 },
          ...staff(),
        }),
      export: () => callRoute(API_ENDPOINTS.service.export, staff()),
      one: () =>
        callRoute(API_ENDPOINTS.service.one, { params: { id: idOf("service") }, ...staff() }),
      delete: () =>
        callRoute(API_ENDPOINTS.service.delete, { params: { id: idOf("service") }, ...staff() }),
      restore: () =>
        callRoute(API_ENDPOINTS.service.restore, { params: { id: idOf("service") }, ...staff() }),
      status: () =>
        callRoute(API_ENDPOINTS.service.status, {
          params: { id: idOf("service") },
          body: { status: "in-progress" },
          ...staff(),
        }),
      notes: () =>
        callRoute(API_ENDPOINTS.service.notes, { params: { id: idOf("service") }, ...staff() }),
      addNote: () =>
        callRoute(API_ENDPOINTS.service.addNote, {
          params: { id: idOf("service") },
          body: { kind: "note", body: "Asked the carrier for the ID cards." },
          ...staff(),
        }),
      assign: () =>
        callRoute(API_ENDPOINTS.service.assign, {
          params: { id: idOf("service") },
          body: { assignedTo: admin.userId },
          ...staff(),
        }),
      ...emailCalls("service", API_ENDPOINTS.service as unknown as EmailEndpoints),
      due: () => callRoute(API_ENDPOINTS.service.due, staff()),
      ofPerson: async () => {
        const row = await database.handle.db
          .selectFrom("service_requests")
          .select("person_id")
          .where("id", "=", idOf("service"))
          .executeTakeFirstOrThrow();
        return callRoute(API_ENDPOINTS.service.ofPerson, {
          params: { id: row.person_id ?? "" },
          ...staff(),
        });
      },
      attachment: async () => {
        const file = await database.handle.db
          .selectFrom("service_attachments")
          .select("id")
          .where("request_id", "=", idOf("service"))
          .executeTakeFirstOrThrow();
        return callRoute(API_ENDPOINTS.service.attachment, {
          params: { id: idOf("service"), attachmentId: file.id },
          ...staff(),
        });
      },
      settings: () => callRoute(API_ENDPOINTS.service.settings, staff()),
      updateSettings: () =>
        callRoute(API_ENDPOINTS.service.updateSettings, { body: { days: 2 }, ...staff() }),
    },
    privacyRequests: {
      send: () =>
        callRoute(API_ENDPOINTS.privacyRequests.send, {
          body: { name: "Zoë Ng", email: visitor().email, kind: "access", details: "" },
          idempotencyKey: randomUUID(),
        }),
      verify: async () => {
        const mail = (await outbox()).find((row) => row.kind === "privacy.verify");
        const token = /\/privacy\/verify\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? "")?.[1];
        if (!token) throw new Error("no verification link in the outbox");
        const result = await callRoute(API_ENDPOINTS.privacyRequests.verify, { body: { token } });
        const row = await database.handle.db
          .selectFrom("privacy_requests")
          .select("id")
          .where("verified_at", "is not", null)
          .executeTakeFirst();
        if (row) ids.privacy = row.id;
        return result;
      },
      list: () =>
        callRoute(API_ENDPOINTS.privacyRequests.list, {
          query: { q: "zoe", sort: "due:asc", overdue: "false", limit: 10 },
          ...staff(),
        }),
      assignable: () => callRoute(API_ENDPOINTS.privacyRequests.assignable, staff()),
      one: () =>
        callRoute(API_ENDPOINTS.privacyRequests.one, {
          params: { id: idOf("privacy") },
          ...staff(),
        }),
      update: () =>
        callRoute(API_ENDPOINTS.privacyRequests.update, {
          params: { id: idOf("privacy") },
          body: { status: "in-progress", assignedTo: admin.userId },
          ...staff(),
        }),
      answer: () =>
        callRoute(API_ENDPOINTS.privacyRequests.answer, {
          params: { id: idOf("privacy") },
          body: { status: "answered", answer: "Here is what we hold about you." },
          ...staff(),
        }),
    },
    reports: {
      figures: () =>
        callRoute(API_ENDPOINTS.reports.figures, { query: { preset: "this-year" }, ...staff() }),
      export: () =>
        callRoute(API_ENDPOINTS.reports.export, {
          query: { from: "2026-11-01", to: "2026-11-30" },
          ...staff(),
        }),
    },
  };

  const routes = Object.entries(API_ROUTES).flatMap(([group, routesOf]) =>
    Object.entries(routesOf as Record<string, RouteDefinition>).map(([name, route]) => ({
      name: `${group}.${name}`,
      route,
      call: (calls as unknown as Record<string, Record<string, Call>>)[group]?.[name],
    })),
  );

  it("names in API_ENDPOINTS exactly the operations of the OpenAPI document", async () => {
    const result = await callRoute(API_ENDPOINTS.openapi.document);
    if (!result.ok) throw new Error(`the document: ${result.status}`);
    const fromDocument = Object.entries(result.data.paths as Record<string, object>).flatMap(
      ([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const fromEndpoints = Object.values(API_ENDPOINTS).flatMap((group) =>
      Object.values(group as Record<string, { method: string; path: string }>).map(
        (endpoint) => `${endpoint.method} ${toOpenApiPath(endpoint.path)}`,
      ),
    );
    expect(new Set(fromEndpoints).size).toBe(fromEndpoints.length);
    expect([...fromEndpoints].sort()).toEqual([...fromDocument].sort());
  });

  it.each(routes)(
    "$name: a valid call answers a 2xx its response schema parses",
    async ({ route, call }) => {
      if (!call) throw new Error("no call in the table");
      const before = answers.length;
      const result = await call();
      const seen = answers.slice(before);
      // Never a 5xx, retried or not.
      expect(seen.filter((answer) => answer.status >= 500)).toEqual([]);
      if (!result.ok) {
        throw new Error(
          `${route.method} ${route.path} answered ${result.status}: ${result.error ?? result.message}`,
        );
      }
      const response = route.responses[result.status];
      expect(response, `status ${result.status} is not documented`).toBeDefined();
      if (!response) return;
      if (isTextResponse(response)) {
        const type = seen.at(-1)?.contentType?.split(";")[0]?.trim() ?? "";
        expect(textResponseTypes(response)).toContain(type);
        return;
      }
      const parsed = response.safeParse(result.data);
      expect(parsed.error?.issues ?? [], JSON.stringify(result.data).slice(0, 500)).toEqual([]);
    },
  );
});
